import { Suspense, forwardRef, lazy, useMemo } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { Hash } from "lucide-react";
import type {
  MentionAttrs,
  MentionCandidate,
  MentionView,
  RichTextEditorHandle,
  RichTextEditorProps,
} from "../editor/index.ts";
import type { WorkItemEmbedAttrs, WorkItemEmbedCandidate, WorkItemEmbedView } from "@stride/shared/editor";
import { cx, useToast } from "../ui/index.ts";
import { workItemEndpoints as WI, workItemListEndpoints as WL } from "@stride/shared/endpoints";
import { call } from "../../api/client.ts";
import { wiKeys } from "../../api/work-items.ts";
import { projectsQuery } from "../../api/projects.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import type { WorkItem } from "../../api/work-items-types.ts";
import { projectAssetsBase, uploadEditorImage } from "../../api/work-items-upload.ts";
import { sanitizeHtml } from "../../lib/html.ts";
import { itemKey, itemName } from "./item.ts";
import { displayName } from "./properties.tsx";

export type RichEditorHandle = RichTextEditorHandle;

/** The editor (Tiptap, highlight.js) is its own chunk, loaded with the first screen that shows rich text. */
export const loadEditor = () => import("../editor/RichTextEditor.tsx");
/**
 * The screen shows its content (the text, below) first; the editor is loaded once the page has arrived (a
 * page opened from its URL streams the screen's data until its end, and the screen renders each answer as it
 * comes) and the browser is idle (at the latest 1 s later), or at once when the text is pressed. Evaluated and
 * mounted while the screen's data was still arriving, it delayed the work-item screens by 100–200 ms.
 */
const idle = () =>
  new Promise<void>((resolve) =>
    typeof requestIdleCallback === "function"
      ? requestIdleCallback(() => resolve(), { timeout: 1000 })
      : setTimeout(resolve, 0),
  );
const pageArrived = () =>
  typeof document === "undefined" || document.readyState !== "loading"
    ? Promise.resolve()
    : new Promise<void>((resolve) => document.addEventListener("DOMContentLoaded", () => resolve(), { once: true }));
let pressed: () => void = () => undefined;
const firstPress = new Promise<void>((resolve) => (pressed = resolve));
const RichTextEditor = lazy(() =>
  Promise.race([pageArrived().then(idle), firstPress])
    .then(loadEditor)
    .then((m) => ({ default: m.RichTextEditor })),
);

/** Until the editor has loaded: the text itself, sanitised, in the editor's typography (pressing it loads the editor at once). */
function Plain({
  html,
  box,
  minHeight,
  className,
}: {
  html: string;
  box?: boolean;
  minHeight?: number;
  className?: string;
}) {
  return (
    <div
      className={cx("editor", box && "editor-box", className)}
      style={minHeight ? { minHeight } : undefined}
      onPointerDown={() => pressed()}
    >
      <div className="editor-content" data-rich-text dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />
    </div>
  );
}

/** Where the editor's text lives: its project, and the entity its images belong to. */
export interface RichTextContext {
  slug: string;
  pid: string;
  refs: ProjectRefs;
  /** images of a description or a comment; `id` empty while the work item or comment is being written */
  asset?: { type: "ISSUE_DESCRIPTION" | "COMMENT_DESCRIPTION" | "PAGE_DESCRIPTION"; id?: string | null };
}

const MAX_PEOPLE = 6;
const MAX_ITEMS = 6;

/** People (project members) then work items (by name, or by IDENT-seq / seq) matching what follows "@". */
async function searchMentions(qc: QueryClient, ctx: RichTextContext, query: string): Promise<MentionCandidate[]> {
  const { pid, refs } = ctx;
  const q = query.trim().toLowerCase();
  const people: MentionCandidate[] = refs.members
    .filter((m) => !m.is_bot && `${displayName(m)} ${m.display_name}`.toLowerCase().includes(q))
    .slice(0, MAX_PEOPLE)
    .map((m) => ({
      key: `user:${m.id}`,
      group: "People",
      label: displayName(m),
      hint: `@${m.display_name}`,
      avatar: { name: m.display_name || m.first_name, url: m.avatar_url },
      attrs: { entity_identifier: m.id, entity_name: "user_mention", label: m.display_name || displayName(m) },
    }));
  if (!pid) return people;
  const workItems: MentionCandidate[] = (await searchWorkItems(qc, ctx, q)).map((it) => ({
    key: `issue:${it.id}`,
    group: "Work items",
    label: itemName(it.name),
    hint: it.key,
    icon: Hash,
    attrs: { entity_identifier: it.id, entity_name: "issue", label: `${it.key} ${itemName(it.name)}` },
  }));
  return [...people, ...workItems];
}

/** Work items of the project matching `q` (by name, or by IDENT-seq / seq). */
async function searchWorkItems(
  qc: QueryClient,
  { slug, pid, refs }: RichTextContext,
  q: string,
): Promise<{ id: string; key: string; name: string }[]> {
  const ident = refs.project?.identifier ?? "";
  const items: { id: string; key: string; name: string }[] = [];
  const byKey = /^(?:([a-z][a-z0-9]*)-)?(\d+)$/i.exec(q);
  const lookups: Promise<unknown>[] = [];
  if (byKey && (byKey[1] || ident)) {
    const key = `${(byKey[1] ?? ident).toUpperCase()}-${byKey[2]}`;
    lookups.push(
      qc
        .fetchQuery({
          queryKey: wiKeys.mentionKey(slug, key),
          queryFn: () => call(WI.lookup, { slug, key }),
          staleTime: 30_000,
          retry: false,
        })
        .then((it) => items.unshift({ id: it.id, key, name: it.name }))
        .catch(() => undefined),
    );
  }
  if (!byKey || q.length > 2) {
    lookups.push(
      qc
        .fetchQuery({
          queryKey: [...wiKeys.search(slug, pid, q), "mention"],
          queryFn: () =>
            call(WL.list, { slug, projectId: pid }, undefined, {
              query: { name: q || undefined, per_page: 20, cursor: "20:0:0", order_by: "-updated_at" },
            }),
          staleTime: 5_000,
        })
        .then((env) => {
          for (const it of (Array.isArray(env.results) ? env.results : []) as WorkItem[])
            items.push({ id: it.id, key: itemKey(ident, it.sequence_id), name: it.name });
        })
        .catch(() => undefined),
    );
  }
  await Promise.all(lookups);
  const seen = new Set<string>();
  return items.filter((it) => !seen.has(it.id) && seen.add(it.id)).slice(0, MAX_ITEMS);
}

/** Work items to embed in a page ("[["), as Plane stores them: the item's id, its project's id and the workspace's slug. */
async function searchEmbeds(qc: QueryClient, ctx: RichTextContext, query: string): Promise<WorkItemEmbedCandidate[]> {
  if (!ctx.pid) return [];
  return (await searchWorkItems(qc, ctx, query.trim().toLowerCase())).map((it) => ({
    key: `embed:${it.id}`,
    group: "Work items",
    label: itemName(it.name),
    hint: it.key,
    icon: Hash,
    attrs: {
      entity_identifier: it.id,
      project_identifier: ctx.pid,
      workspace_identifier: ctx.slug,
      entity_name: "issue",
    },
  }));
}

/**
 * An embedded work item's card: its key, title and state as they are now (null when it cannot be read). The embed
 * names the item's own project, which may not be the page's (the page was moved to another project, or the item
 * is another project's): the key's identifier then comes from the workspace's projects, the state from the item.
 */
async function embedView(
  qc: QueryClient,
  { slug, pid, refs }: RichTextContext,
  a: WorkItemEmbedAttrs,
): Promise<WorkItemEmbedView | null> {
  const project = a.project_identifier || pid;
  if (!a.entity_identifier || !project) return null;
  const here = project === pid && !!refs.project;
  try {
    const [it, ident] = await Promise.all([
      qc.fetchQuery({
        queryKey: wiKeys.embed(slug, project, a.entity_identifier),
        queryFn: () =>
          call(WI.get, { slug, projectId: project, issueId: a.entity_identifier }, undefined, {
            query: { expand: "state" },
          }),
        staleTime: 30_000,
        retry: false,
      }),
      here
        ? (refs.project?.identifier ?? "")
        : qc.ensureQueryData(projectsQuery(slug)).then(
            (list) => list.find((p) => p.id === project)?.identifier ?? "",
            () => "",
          ),
    ]);
    const key = ident ? itemKey(ident, it.sequence_id) : `#${it.sequence_id}`;
    const state = it.state?.name ?? (here ? refs.stateById.get(it.state_id ?? "")?.name : null) ?? null;
    return { key, name: itemName(it.name), state, href: ident ? `/${slug}/browse/${key}/` : null };
  } catch {
    return null;
  }
}

/** A mention chip: a person's current display name; a work item's key and title as mentioned. */
function mentionView(slug: string, refs: ProjectRefs, a: MentionAttrs): MentionView {
  if (a.entity_name === "user_mention")
    return { text: refs.userById.get(a.entity_identifier)?.display_name ?? a.label ?? "user" };
  const key = /^([A-Za-z][A-Za-z0-9]*-\d+)\b/.exec(a.label ?? "")?.[1];
  return { text: a.label ?? "work item", href: key ? `/${slug}/browse/${key}/` : null };
}

/** What the work-item editors share: mentions of this project's people and items, images as its assets. */
function useRichTextContext(ctx: RichTextContext) {
  const qc = useQueryClient();
  const toast = useToast();
  const { slug, pid, refs } = ctx;
  const mentions = useMemo(
    () => ({
      search: (q: string) => searchMentions(qc, ctx, q),
      view: (a: MentionAttrs) => mentionView(slug, refs, a),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [qc, slug, pid, refs.members, refs.userById, refs.project],
  );
  const embeds = useMemo(
    () => ({ search: (q: string) => searchEmbeds(qc, ctx, q), view: (a: WorkItemEmbedAttrs) => embedView(qc, ctx, a) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [qc, slug, pid, refs.project, refs.stateById],
  );
  return {
    mentions,
    embeds,
    imageUrl: (src: string) =>
      /^(https?:|\/)/i.test(src) ? src : `${projectAssetsBase(slug, pid)}${encodeURIComponent(src)}/`,
    upload: (file: File, onProgress: (p: number) => void) => {
      if (!pid || !ctx.asset) return Promise.reject(new Error("Choose a project before adding images."));
      return uploadEditorImage({
        slug,
        projectId: pid,
        entityType: ctx.asset.type,
        entityId: ctx.asset.id,
        file,
        onProgress,
      }).promise.then((r) => r.assetId);
    },
    onError: (m: string) => toast.show("error", m),
  };
}

/**
 * The editor of work-item descriptions and comments (components/editor) with this project's people
 * and work items to mention and its assets for images.
 */
export const RichEditor = forwardRef<
  RichEditorHandle,
  RichTextContext & {
    initialHtml?: string | null;
    placeholder?: string;
    label: string;
    onChange?: (storedHtml: string) => void;
    onSubmit?: () => void;
    onBlur?: () => void;
    onUploadsChange?: (count: number) => void;
    minHeight?: number;
    autoFocus?: boolean;
    bare?: boolean;
    disabled?: boolean;
    /** a shared Yjs document to edit (a page) instead of `initialHtml` (see RichTextEditor) */
    collab?: RichTextEditorProps["collab"];
    /** work items can be embedded as cards (pages) */
    embeds?: boolean;
  }
>(function RichEditor(
  {
    slug,
    pid,
    refs,
    asset,
    initialHtml,
    placeholder,
    label,
    onChange,
    onSubmit,
    onBlur,
    onUploadsChange,
    minHeight,
    autoFocus,
    bare,
    disabled,
    collab,
    embeds,
  },
  ref,
) {
  const c = useRichTextContext({ slug, pid, refs, asset });
  return (
    <Suspense fallback={<Plain html={initialHtml ?? ""} box={!bare && !disabled} minHeight={minHeight} />}>
      <RichTextEditor
        ref={ref}
        value={initialHtml ?? ""}
        label={label}
        placeholder={placeholder}
        readOnly={disabled}
        bare={bare}
        minHeight={minHeight}
        autoFocus={autoFocus}
        mentions={c.mentions}
        embeds={embeds ? c.embeds : undefined}
        upload={asset ? c.upload : undefined}
        imageUrl={c.imageUrl}
        onError={c.onError}
        onUploadsChange={onUploadsChange}
        onChange={onChange}
        onSubmit={onSubmit}
        onBlur={onBlur}
        collab={collab}
      />
    </Suspense>
  );
});

/** Read-only rich text (a comment, a version of a description): the editor as a preview. */
export function RichText({
  html,
  slug,
  pid,
  refs,
  className,
}: {
  html: string | null | undefined;
  slug: string;
  pid: string;
  refs: ProjectRefs;
  className?: string;
}) {
  const c = useRichTextContext({ slug, pid, refs });
  const clean = useMemo(() => sanitizeHtml(html ?? ""), [html]);
  return (
    <Suspense fallback={<Plain html={clean} className={className} />}>
      <RichTextEditor
        value={clean}
        readOnly
        bare
        mentions={c.mentions}
        embeds={c.embeds}
        imageUrl={c.imageUrl}
        className={className}
      />
    </Suspense>
  );
}
