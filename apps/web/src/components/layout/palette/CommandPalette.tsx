import { useEffect, useRef, useState } from "react";
import { useMatches, useNavigate } from "react-router";
import { useProjects } from "../../../api/projects.ts";
import { useWorkItemTarget } from "../../../lib/command-target.ts";
import { projectSubject, usePermissions } from "../../../lib/permissions.ts";
import { CreateWorkItemModal } from "../../work-item/CreateWorkItemModal.tsx";
import { PaletteDialog } from "./PaletteDialog.tsx";
import type { Picker } from "./commands.ts";
import { ShortcutHelp } from "./ShortcutHelp.tsx";
import { layerKey, type LayerActions } from "./keyboard-layer.ts";

/**
 * The workspace's keyboard layer: Cmd/Ctrl-K (or /) opens the command palette, ? the shortcut help, C creates a
 * work item, G then I/P/C/M/V/N goes places, J/K move through a list and X selects, S/P/A/L open the state, priority,
 * assignee or label picker of the work item in hand (lib/command-target.ts: the one open, the list's selection or
 * its focused row). Single keys apply only when
 * nothing is being typed and no dialog is open; a screen that handles a key itself (a list's own C) marks the
 * event handled and this layer leaves it.
 */
export function CommandPalette({ slug }: { slug: string }) {
  const [open, setOpen] = useState(false);
  // the picker the palette opens at (a single key on the work item in hand)
  const [startPicker, setStartPicker] = useState<Picker | null>(null);
  const [help, setHelp] = useState(false);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const matches = useMatches();
  const routeProject = (matches[matches.length - 1]?.params.projectId as string | undefined) ?? null;
  const target = useWorkItemTarget();
  const projectId = target?.pid ?? routeProject;
  const projects = useProjects(slug);
  // project roles come with the projects list (no extra request on every screen)
  const can = usePermissions();
  const project = projects.data?.find((p) => p.id === projectId);
  const inProject = project ? projectSubject(project) : null;
  const creatable = {
    project: can("create", "project"),
    cycle: !!inProject && !!project?.cycle_view && can("create", "cycle", inProject),
    module: !!inProject && !!project?.module_view && can("create", "module", inProject),
    view: !!inProject && !!project?.issue_views_view && can("create", "view", inProject),
    page: !!inProject && !!project?.page_view && can("create", "page", inProject),
  };
  const canCreate = projectId
    ? !!project && can("create", "workItem", projectSubject(project))
    : (projects.data ?? []).some((p) => can("create", "workItem", projectSubject(p)));

  const state = useRef({ open, help, creating, projectId, canCreate, target });
  useEffect(() => {
    state.current = { open, help, creating, projectId, canCreate, target };
  });

  useEffect(() => {
    const actions: LayerActions = {
      togglePalette: () => {
        setStartPicker(null);
        setOpen((o) => !o);
      },
      openPalette: (picker) => {
        setStartPicker(picker);
        setOpen(true);
      },
      openHelp: () => setHelp(true),
      create: () => setCreating(true),
      navigate: (href) => void navigate(href),
    };
    const onKey = (e: KeyboardEvent) => layerKey(e, state.current, slug, actions);
    // on window, so that a screen's own handler on document runs first and can claim the key
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [slug, navigate]);

  return (
    <>
      {open && (
        <PaletteDialog
          slug={slug}
          projectId={projectId}
          canCreate={canCreate}
          creatable={creatable}
          startPicker={startPicker}
          onClose={() => {
            setOpen(false);
            setStartPicker(null);
          }}
          onCreate={() => setCreating(true)}
          onHelp={() => setHelp(true)}
        />
      )}
      <ShortcutHelp open={help} onClose={() => setHelp(false)} />
      {creating && (
        <CreateWorkItemModal open={creating} onClose={() => setCreating(false)} slug={slug} projectId={projectId} />
      )}
    </>
  );
}
