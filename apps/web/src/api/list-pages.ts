/** Where each work-item list context reads its pages: one endpoint of the shared table per context. */
import type { ListPageKind } from "@stride/shared";
import {
  cycleEndpoints as CE,
  draftEndpoints as D,
  moduleEndpoints as ME,
  onEpics,
  teamspaceEndpoints as TS,
  viewEndpoints as V,
  workItemListEndpoints as WL,
} from "@stride/shared/endpoints";
import { call } from "./client.ts";
import type { ListEnvelope } from "./work-items-types.ts";

/**
 * A list context's page from its endpoint, with the page's query (filters, display, cursor, and the shared
 * listPageSource's extra query); `detailed`: a project list reads the detail variant (its items carry their
 * relations: the timeline's arrows). A team view's context is `<teamspace>/views/<view>`, a profile tab's
 * `<user>/<tab>`.
 */
export function callListPage(
  d: { slug: string; pid: string; kind: ListPageKind; contextId?: string },
  detailed: boolean,
  query: Record<string, string>,
): Promise<ListEnvelope> {
  const at = { slug: d.slug, projectId: d.pid };
  const [first = "", , viewId = ""] = (d.contextId ?? "").split("/");
  const opts = { query };
  switch (d.kind) {
    case "workspace_drafts":
      // drafts are listed as list rows: their own fields, no key yet (components/work-item/item.ts)
      return call(D.list, { slug: d.slug }, undefined, opts) as Promise<unknown> as Promise<ListEnvelope>;
    case "team":
      return call(TS.workItems, { slug: d.slug, teamspaceId: first }, undefined, opts);
    case "team_view":
      return call(TS.viewWorkItems, { slug: d.slug, teamspaceId: first, viewId }, undefined, opts);
    case "global_view":
      return call(WL.workspace, { slug: d.slug }, undefined, opts);
    case "profile":
      return call(WL.userItems, { slug: d.slug, userId: first }, undefined, opts);
    case "view":
      return call(V.items, { ...at, viewId: first }, undefined, opts);
    case "module":
      return call(ME.items, { ...at, moduleId: first }, undefined, opts);
    case "cycle":
      return call(CE.items, { ...at, cycleId: first }, undefined, opts);
    case "archived":
      return call(WL.archived, at, undefined, opts);
    case "epics":
      return call(onEpics(WL.list), at, undefined, opts);
    default:
      return call(detailed ? WL.detailed : WL.list, at, undefined, opts);
  }
}
