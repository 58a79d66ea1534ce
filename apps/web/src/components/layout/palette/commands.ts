import {
  Archive,
  Bell,
  Briefcase,
  CircleDot,
  Clock,
  Copy,
  FileText,
  Inbox,
  Keyboard,
  Layers,
  LayoutList,
  Plus,
  RefreshCcw,
  Search,
  SignalHigh,
  SquareCheck,
  Tag,
  Trash2,
  UserRound,
  Bot,
} from "lucide-react";
import { PRIORITIES } from "@stride/shared";
import type { SearchResults } from "../../../api/search.ts";
import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import type { RecentItem, WorkItemTarget } from "../../../lib/command-target.ts";
import { goPath, shortcutOf, type ShortcutId } from "../../../lib/shortcuts.ts";

/** One line of the palette: a place to go, an action, or an option of a picker. */
export interface Command {
  key: string;
  group: string;
  label: string;
  hint?: string;
  icon: typeof Search;
  /** Keys of the shortcut that does the same. */
  keys?: readonly string[];
  /** Checked option of a picker (the item's current value). */
  checked?: boolean;
  /** Extra words the filter matches. */
  words?: string;
  run: PaletteAction;
}

/** What choosing a command does; the dialog carries it out. */
export type PaletteAction =
  | { kind: "go"; href: string }
  | { kind: "pick"; picker: Picker }
  | { kind: "set"; patch: Record<string, unknown>; keepOpen?: boolean }
  | { kind: "create" }
  | { kind: "help" }
  | { kind: "copy-link" }
  | { kind: "archive" }
  | { kind: "delete" }
  | { kind: "run-agent" };

export type Picker = "state" | "priority" | "assignees" | "labels" | "cycle" | "modules";

export const PICKER_TITLES: Record<Picker, string> = {
  state: "Change state",
  priority: "Change priority",
  assignees: "Assign to",
  labels: "Labels",
  cycle: "Move to cycle",
  modules: "Add to modules",
};

const sc = (id: ShortcutId) => shortcutOf(id).keys;

/** The search answer as commands, grouped by type in the palette's order. */
export function searchCommands(slug: string, r: SearchResults | undefined): Command[] {
  if (!r) return [];
  const ws = `/${slug}`;
  return [
    ...(r.issue ?? []).map((i): Command => ({
      key: `i${i.id}`,
      group: "Work items",
      label: i.name,
      hint: `${i.project__identifier}-${i.sequence_id}`,
      icon: SquareCheck,
      run: { kind: "go", href: `${ws}/browse/${i.project__identifier}-${i.sequence_id}/` },
    })),
    ...(r.project ?? []).map((p): Command => ({
      key: `p${p.id}`,
      group: "Projects",
      label: p.name,
      hint: p.identifier,
      icon: Briefcase,
      run: { kind: "go", href: `${ws}/projects/${p.id}/issues/` },
    })),
    ...(r.cycle ?? []).map((c): Command => ({
      key: `c${c.id}`,
      group: "Cycles",
      label: c.name,
      hint: c.project__identifier ?? "",
      icon: RefreshCcw,
      run: { kind: "go", href: `${ws}/projects/${c.project_id}/cycles/${c.id}/` },
    })),
    ...(r.module ?? []).map((m): Command => ({
      key: `m${m.id}`,
      group: "Modules",
      label: m.name,
      hint: m.project__identifier ?? "",
      icon: Layers,
      run: { kind: "go", href: `${ws}/projects/${m.project_id}/modules/${m.id}/` },
    })),
    ...(r.issue_view ?? []).map((v): Command => ({
      key: `v${v.id}`,
      group: "Views",
      label: v.name,
      hint: v.project__identifier ?? "Workspace",
      icon: LayoutList,
      run: {
        kind: "go",
        href: v.project_id ? `${ws}/projects/${v.project_id}/views/${v.id}/` : `${ws}/workspace-views/${v.id}/`,
      },
    })),
    ...(r.page ?? [])
      .filter((g) => g.project_ids.length > 0)
      .map((g): Command => ({
        key: `g${g.id}`,
        group: "Pages",
        label: g.name || "Untitled",
        hint: g.project_identifiers[0] ?? "",
        icon: FileText,
        run: { kind: "go", href: `${ws}/projects/${g.project_ids[0]}/pages/${g.id}/` },
      })),
    ...(r.intake ?? []).map((i): Command => ({
      key: `n${i.id}`,
      group: "Intake",
      label: i.name,
      hint: `${i.project__identifier}-${i.sequence_id}`,
      icon: Inbox,
      run: { kind: "go", href: `${ws}/projects/${i.project_id}/intake/?inboxId=${i.id}` },
    })),
  ];
}

/** What else the caller may create from the palette (each opens its screen's create modal through `?create=1`). */
export interface Creatable {
  project: boolean;
  cycle: boolean;
  module: boolean;
  view: boolean;
  page: boolean;
}

interface BaseOptions {
  slug: string;
  projectId: string | null;
  target: WorkItemTarget | null;
  recents: RecentItem[];
  canCreate: boolean;
  creatable: Creatable;
}

/** What the palette offers before (and besides) a search: recent items, the item on screen, create, go, help. */
export function baseCommands(o: BaseOptions): Command[] {
  return [
    ...o.recents.map((r): Command => ({
      key: `r${r.url}`,
      group: "Recent",
      label: r.name,
      hint: r.key,
      icon: Clock,
      run: { kind: "go", href: r.url },
    })),
    ...(o.target ? itemCommands(o.target) : []),
    ...createCommands(o),
    ...goCommands(o),
    {
      key: "help",
      group: "Help",
      label: "Keyboard shortcuts",
      icon: Keyboard,
      keys: sc("help"),
      words: "keys help",
      run: { kind: "help" },
    },
  ];
}

/** The actions on the work item in hand (under its key and name): its pickers, copy link, archive, delete, run agent. */
export function itemCommands(t: WorkItemTarget): Command[] {
  const out: Command[] = [];
  const g = `${t.key} ${t.name}`.length > 48 ? `${t.key}` : `${t.key} ${t.name}`;
  if (t.editable) {
    out.push(
      {
        key: "a-state",
        group: g,
        label: "Change state…",
        icon: CircleDot,
        keys: sc("item-state"),
        words: "status move triage",
        run: { kind: "pick", picker: "state" },
      },
      {
        key: "a-priority",
        group: g,
        label: "Change priority…",
        icon: SignalHigh,
        keys: sc("item-priority"),
        run: { kind: "pick", picker: "priority" },
      },
      {
        key: "a-assign",
        group: g,
        label: "Assign to…",
        icon: UserRound,
        keys: sc("item-assignees"),
        words: "assignee people",
        run: { kind: "pick", picker: "assignees" },
      },
      {
        key: "a-labels",
        group: g,
        label: "Change labels…",
        icon: Tag,
        keys: sc("item-labels"),
        run: { kind: "pick", picker: "labels" },
      },
      { key: "a-cycle", group: g, label: "Move to cycle…", icon: RefreshCcw, run: { kind: "pick", picker: "cycle" } },
      {
        key: "a-modules",
        group: g,
        label: "Add to modules…",
        icon: Layers,
        run: { kind: "pick", picker: "modules" },
      },
    );
  }
  if ((t.count ?? 1) === 1)
    out.push({
      key: "a-copy",
      group: g,
      label: "Copy link",
      icon: Copy,
      words: "url share",
      run: { kind: "copy-link" },
    });
  if (t.archive && t.editable && !t.archived)
    out.push({ key: "a-archive", group: g, label: "Archive", icon: Archive, run: { kind: "archive" } });
  if (t.requestDelete && t.canDelete)
    out.push({ key: "a-delete", group: g, label: "Delete…", icon: Trash2, run: { kind: "delete" } });
  if (t.runAgent && !t.archived)
    out.push({
      key: "a-run-agent",
      group: g,
      label: "Run agent",
      icon: Bot,
      words: "ai agent execute",
      run: { kind: "run-agent" },
    });
  return out;
}

/** Create a work item, and what else the caller may create here. */
function createCommands(o: BaseOptions): Command[] {
  const out: Command[] = [];
  if (o.canCreate)
    out.push({
      key: "create-item",
      group: "Create",
      label: "Create work item",
      icon: Plus,
      keys: sc("create"),
      words: "new issue task",
      run: { kind: "create" },
    });
  const P = o.projectId ? `/${o.slug}/projects/${o.projectId}` : null;
  const create = (key: keyof Creatable, label: string, href: string | null) => {
    if (o.creatable[key] && href)
      out.push({
        key: `create-${key}`,
        group: "Create",
        label,
        icon: Plus,
        words: "new",
        run: { kind: "go", href: `${href}?create=1` },
      });
  };
  create("project", "Create project", `/${o.slug}/projects/`);
  create("cycle", "Create cycle", P && `${P}/cycles/`);
  create("module", "Create module", P && `${P}/modules/`);
  create("view", "Create view", P && `${P}/views/`);
  if (o.creatable.page && P)
    out.push({
      key: "create-page",
      group: "Create",
      label: "Create page",
      icon: FileText,
      words: "new document doc",
      run: { kind: "go", href: `${P}/pages/?create=1` },
    });
  return out;
}

/** The places to go (the project's own with a project in hand). */
function goCommands(o: BaseOptions): Command[] {
  const out: Command[] = [];
  const go = (id: ShortcutId, label: string, icon: typeof Search) => {
    const href = goPath(id, o.slug, o.projectId);
    if (href)
      out.push({
        key: id,
        group: "Go to",
        label,
        icon,
        keys: sc(id),
        words: "navigate open",
        run: { kind: "go", href },
      });
  };
  go("go-items", "Work items", SquareCheck);
  go("go-projects", "Projects", Briefcase);
  if (o.projectId) {
    go("go-cycles", "Cycles", RefreshCcw);
    go("go-modules", "Modules", Layers);
  }
  go("go-views", "Views", LayoutList);
  go("go-inbox", "Notifications", Bell);
  return out;
}

/** The options of a picker for the item on screen (a multi-choice picker toggles one value and stays open). */
export function pickerCommands(picker: Picker, t: WorkItemTarget, refs: ProjectRefs): Command[] {
  const group = PICKER_TITLES[picker];
  const toggle = (list: readonly string[] | null | undefined, id: string) =>
    (list ?? []).includes(id) ? (list ?? []).filter((x) => x !== id) : [...(list ?? []), id];
  switch (picker) {
    case "state":
      return refs.states.map((s) => ({
        key: s.id,
        group,
        label: s.name,
        hint: s.group,
        icon: CircleDot,
        checked: t.item.state_id === s.id,
        run: { kind: "set", patch: { state_id: s.id } },
      }));
    case "priority":
      return PRIORITIES.map((p) => ({
        key: p,
        group,
        label: p === "none" ? "No priority" : p[0].toUpperCase() + p.slice(1),
        icon: SignalHigh,
        checked: t.item.priority === p,
        run: { kind: "set", patch: { priority: p } },
      }));
    case "assignees":
      return refs.members.map((m) => ({
        key: m.id,
        group,
        label: m.display_name || `${m.first_name} ${m.last_name}`.trim(),
        hint: [m.first_name, m.last_name].filter(Boolean).join(" "),
        icon: UserRound,
        checked: (t.item.assignee_ids ?? []).includes(m.id),
        run: { kind: "set", patch: { assignee_ids: toggle(t.item.assignee_ids, m.id) }, keepOpen: true },
      }));
    case "labels":
      return refs.labels.map((l) => ({
        key: l.id,
        group,
        label: l.name,
        icon: Tag,
        checked: (t.item.label_ids ?? []).includes(l.id),
        run: { kind: "set", patch: { label_ids: toggle(t.item.label_ids, l.id) }, keepOpen: true },
      }));
    case "cycle":
      return [
        {
          key: "none",
          group,
          label: "No cycle",
          icon: RefreshCcw,
          checked: !t.item.cycle_id,
          run: { kind: "set", patch: { cycle_id: null } },
        },
        ...refs.cycles
          .filter((c) => c.status !== "COMPLETED" || c.id === t.item.cycle_id)
          .map((c): Command => ({
            key: c.id,
            group,
            label: c.name,
            hint: c.status?.toLowerCase(),
            icon: RefreshCcw,
            checked: t.item.cycle_id === c.id,
            run: { kind: "set", patch: { cycle_id: c.id } },
          })),
      ];
    case "modules":
      return refs.modules.map((m) => ({
        key: m.id,
        group,
        label: m.name,
        icon: Layers,
        checked: (t.item.module_ids ?? []).includes(m.id),
        run: { kind: "set", patch: { module_ids: toggle(t.item.module_ids, m.id) }, keepOpen: true },
      }));
  }
}

/** Whether a command matches the typed text (every word somewhere in its label, group, hint or extra words). */
export function matches(c: Command, text: string): boolean {
  const hay = `${c.label} ${c.group} ${c.hint ?? ""} ${c.words ?? ""}`.toLowerCase();
  return text
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}
