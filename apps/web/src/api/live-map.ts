import type { QueryKey } from "@tanstack/react-query";
import { docIsOlder, type LiveEvent } from "@stride/shared";
import { qk } from "./query-keys.ts";
import { TEAM_LISTS, wiKeys } from "./work-items.ts";
import { refKeys } from "./work-items-refs.ts";
import { draftListsKey } from "./work-items-drafts.ts";
import { analyticsKeys } from "./analytics.ts";
import { peopleKeys } from "./people.ts";
import { homeKeys } from "./home.ts";
import { teamspaceKeys } from "./teamspaces.ts";
import { intakeKeys } from "./intake.ts";
import { notificationKeys } from "./notifications.ts";
import { pageKeys } from "./pages.ts";
import { ttKeys } from "./time-tracking.ts";
import { viewKeys } from "./views.ts";
import { itemGone, type LiveCtx } from "./live-listeners.ts";

/**
 * What a realtime event (`/live/`, db/sql/live-events.sql) means for the cache: the query keys (prefixes) to
 * invalidate. Pure, so it is unit-tested; api/live.ts applies it. Mapping a new entity type is one entry of
 * LIVE_ENTITIES, keyed by the table name the event carries in `t`.
 */
export type { LiveCtx } from "./live-listeners.ts";

type Where = { slug: string; pid: string };
type Keys = (e: LiveEvent, c: Where) => QueryKey[];

/** The cache entries about one work item (api/work-items.ts ITEM_PARTS). */
const ITEM_PARTS = ["detail", "item", "history", "sub-issues", "relations", "attachments", "meta"] as const;
const itemKeys = (c: Where, id: string | undefined): QueryKey[] =>
  id ? ITEM_PARTS.map((part) => wiKeys.itemPart(c.slug, c.pid, part, id)) : [];
/** Every list of the project's work items, in every layout (list, kanban, calendar, spreadsheet, timeline). */
const lists = (c: Where): QueryKey => wiKeys.lists(c.slug, c.pid);
const refs = (c: Where, what: keyof typeof refKeys): QueryKey => refKeys[what](c.slug, c.pid);
/** A project's cycle screens: one cycle, its progress and analytics (api/cycles.ts), moved by its items' changes. */
const cycleNumbers = (c: Where): QueryKey => wiKeys.part(c.slug, c.pid, "cycles");

/**
 * Analytics, people's profiles, the home's widget stats and the teamspaces' overviews (api/analytics.ts, api/people.ts,
 * api/home.ts, api/teamspaces.ts): counts and charts of the work items.
 */
const insight = (c: Where): QueryKey[] => [
  analyticsKeys.all(c.slug),
  peopleKeys.all(c.slug),
  homeKeys.widgetStats(c.slug),
  teamspaceKeys.progressAll(c.slug),
];
/** The lists across a teamspace's projects (api/work-items.ts TEAM_LISTS): they may hold any project's items. */
const teamLists = (c: Where): QueryKey => wiKeys.lists(c.slug, TEAM_LISTS);

/** An item's own row, or a row that shows on list cards (assignees, labels, cycle, modules, links, attachments). */
const onCards: Keys = (e, c) => [...itemKeys(c, e.i), lists(c), teamLists(c)];
/** Rows shown only on the item's page (comments, activity, reactions, subscribers, tasks). */
const onPage: Keys = (e, c) => itemKeys(c, e.i);

export const LIVE_ENTITIES: Record<string, Keys> = {
  issues: (e, c) => [
    ...onCards(e, c),
    wiKeys.part(c.slug, c.pid, "sub-issues"),
    wiKeys.part(c.slug, c.pid, "search"),
    cycleNumbers(c),
    ...insight(c),
  ],
  issue_assignees: (e, c) => [...onCards(e, c), ...insight(c)],
  issue_labels: (e, c) => [...onCards(e, c), ...insight(c)],
  cycle_issues: (e, c) => [...onCards(e, c), cycleNumbers(c), refs(c, "cycles"), ...insight(c)],
  module_issues: (e, c) => [...onCards(e, c), ...insight(c)],
  issue_links: onCards,
  file_assets: onCards,
  issue_relations: (e, c) => [...onCards(e, c), wiKeys.part(c.slug, c.pid, "relations")],
  issue_comments: onPage,
  comment_reactions: onPage,
  issue_reactions: onPage,
  issue_activities: (e, c) => [...onPage(e, c), peopleKeys.all(c.slug), homeKeys.widgetStats(c.slug)],
  // (and the lists across projects: the Subscribed view and tab)
  issue_subscribers: (e, c) => [...onPage(e, c), peopleKeys.all(c.slug), teamLists(c)],
  issue_mentions: onPage,
  issue_tasks: onPage,
  issue_description_versions: onPage,
  states: (_e, c) => [qk.states(c.slug, c.pid), lists(c)],
  environment_templates: (_e, c) => [qk.environmentTemplates(c.slug, c.pid)],
  sandboxes: (_e, c) => [qk.sandboxes(c.slug, c.pid)],
  agent_templates: (_e, c) => [qk.agentTemplates(c.slug, c.pid)],
  agent_executions: (_e, c) => [qk.agentExecutionsAll(c.slug, c.pid)],
  issue_agent_executions: (e, c) => [...onPage(e, c), ...(e.i ? [qk.itemAgentExecutions(c.slug, c.pid, e.i)] : [])],
  labels: (e, c) => (e.p ? [qk.labels(c.slug, c.pid), lists(c)] : []),
  /** Workflow rules: the settings page, the state pickers and the board ask them (api/workflows.ts). */
  workflow_states: (_e, c) => [qk.workflowStates(c.slug, c.pid)],
  workflow_transitions: (_e, c) => [qk.workflowStates(c.slug, c.pid)],
  // work item types and custom properties (issue #29): the settings page, pickers and list columns; a value is an item's
  issue_types: (_e, c) => [qk.issueTypes(c.slug, c.pid), qk.issueProperties(c.slug, c.pid)],
  issue_properties: (_e, c) => [qk.issueProperties(c.slug, c.pid), lists(c)],
  issue_property_options: (_e, c) => [qk.issueProperties(c.slug, c.pid), lists(c)],
  issue_property_values: onCards,
  // also on the member's own stream: the sidebar's and the projects page's lists show what they joined or left
  project_members: (_e, c) => [
    qk.projectMembers(c.slug, c.pid),
    qk.projectRoles(c.slug),
    qk.projects(c.slug),
    qk.projectDetails(c.slug),
    qk.project(c.slug, c.pid),
  ],
  projects: (e, c) => [qk.project(c.slug, e.id), qk.projects(c.slug), qk.projectDetails(c.slug)],
  workspace_members: (_e, c) => [qk.workspaceMembers(c.slug), qk.workspaceMemberMe(c.slug)],
  workspaces: (_e, c) => [qk.workspace(c.slug), qk.myWorkspaces],
  webhooks: (_e, c) => [qk.webhooks(c.slug)],
  webhook_logs: (_e, c) => [qk.webhooks(c.slug)],
  importers: (_e, c) => [qk.importers(c.slug)],
  cycles: (_e, c) => [refs(c, "cycles"), lists(c), cycleNumbers(c)],
  modules: (_e, c) => [refs(c, "modules"), lists(c)],
  module_members: (_e, c) => [refs(c, "modules")],
  estimates: (_e, c) => [refs(c, "estimates"), lists(c)],
  estimate_points: (_e, c) => [refs(c, "estimates"), lists(c)],
  model_configs: (_e, c) => [qk.modelConfigs(c.slug, c.pid)],
  // a person's display choices (the defaults a first read creates publish nothing: server core/silent.ts)
  project_user_properties: (e, c) => [wiKeys.part(c.slug, e.p ?? c.pid, "props")],
  // the caller's workspace drafts list (api/work-items-drafts.ts): a list across projects
  draft_issues: (_e, c) => [draftListsKey(c.slug)],
  // a project's intake (api/intake.ts keys): its pages and items, and the project list's open count
  intake_issues: (_e, c) => [intakeKeys.all(c.slug, c.pid), qk.projects(c.slug)],
  intakes: (_e, c) => [intakeKeys.all(c.slug, c.pid)],
  // a person's inbox rows (api/notifications.ts keys): the list and the sidebar's unread counts
  notifications: (_e, c) => [notificationKeys.all(c.slug)],
  // project pages (api/pages.ts keys): lists, counts, the page and its versions
  pages: (_e, c) => [pageKeys.all(c.slug, c.pid)],
  page_versions: (_e, c) => [pageKeys.versionsAll(c.slug, c.pid)],
  // the sidebar's favourites, whichever screen (or tab) starred or unstarred something
  user_favorites: (_e, c) => [qk.favorites(c.slug)],
  // a person's home (api/home.ts keys): stickies, quick links, widget and sidebar preferences (recent visits and the
  // preferences' defaults are written by reads, which publish nothing: server core/silent.ts)
  stickies: (_e, c) => [homeKeys.stickies(c.slug)],
  workspace_user_links: (_e, c) => [homeKeys.quickLinks(c.slug)],
  workspace_home_preferences: (_e, c) => [homeKeys.preferences(c.slug)],
  workspace_sidebar_preferences: (_e, c) => [homeKeys.sidebar(c.slug)],
  // settings → API tokens: a token made, revoked or used (last_used) in another tab
  api_tokens: (_e, c) => [qk.apiTokens(c.slug)],
  exporters: (_e, c) => [qk.exports(c.slug)],
  // time tracking (api/time-tracking.ts keys): the item's logs and totals, the project's report, the item's history
  issue_worklogs: (e, c) => [ttKeys.all(c.slug, c.pid), ...onPage(e, c)],
  // project updates: the updates screen and the projects' latest status
  project_updates: (_e, c) => [ttKeys.updates(c.slug, c.pid), qk.projectDetails(c.slug), qk.project(c.slug, c.pid)],
  project_update_comments: (_e, c) => [ttKeys.updates(c.slug, c.pid)],
  project_update_reactions: (_e, c) => [ttKeys.updates(c.slug, c.pid)],
  // teamspaces (api/teamspaces.ts): the sidebar's list, a teamspace's page and, as its projects change, its lists
  teamspaces: (_e, c) => [teamspaceKeys.all(c.slug), teamLists(c)],
  teamspace_members: (_e, c) => [teamspaceKeys.all(c.slug), teamLists(c)],
  teamspace_projects: (_e, c) => [teamspaceKeys.all(c.slug), teamLists(c)],
  // saved views of any place (api/views.ts keys): a team view's event says nothing of its teamspace
  issue_views: (_e, c) => [viewKeys.all(c.slug)],
};

/** Query keys to invalidate for one event of a topic subscribed under `ctx`. Unknown tables touch their item, if any. */
export function liveInvalidations(e: LiveEvent, ctx: LiveCtx): QueryKey[] {
  const where: Where = { slug: ctx.slug, pid: e.p ?? ctx.pid ?? (e.t === "projects" ? e.id : "") };
  const keys = LIVE_ENTITIES[e.t] ?? ((ev: LiveEvent, c: Where) => itemKeys(c, ev.i));
  const gone = new Set(liveRemovals(e, ctx).map((k) => JSON.stringify(k)));
  return keys(e, where).filter((k) => !k.includes("") && !gone.has(JSON.stringify(k)));
}

/**
 * The cache entries to drop rather than refetch: those of a work item that was deleted or archived (a refetch of
 * the gone item would only answer 404; its lists are refreshed by the invalidations).
 */
export function liveRemovals(e: LiveEvent, ctx: LiveCtx): QueryKey[] {
  if (e.t !== "issues" || !itemGone(e)) return [];
  const pid = e.p ?? ctx.pid;
  return pid ? itemKeys({ slug: ctx.slug, pid }, e.id) : [];
}

/** Everything a topic's screens may hold: refetched when the server says events were lost (`reset`) or access ended. */
export function liveTopicKeys(topic: string, ctx: LiveCtx): QueryKey[] {
  const [kind, id] = topic.split(":");
  if (kind === "project") return [wiKeys.all(ctx.slug, id), qk.project(ctx.slug, id), pageKeys.all(ctx.slug, id)];
  if (kind === "workspace")
    return [qk.workspace(ctx.slug), qk.projects(ctx.slug), qk.projectDetails(ctx.slug), qk.workspaceMembers(ctx.slug)];
  if (kind === "issue" && ctx.pid) return itemKeys({ slug: ctx.slug, pid: ctx.pid }, id);
  if (kind === "user") return [qk.me];
  return [];
}

/**
 * "An event older than what the client holds is ignored": true when the cached row (its `updated_at`) is already
 * at or past the event's version, e.g. the client's own write whose response came back before the event.
 */
export function eventIsOlder(e: LiveEvent, heldUpdatedAt: string | null | undefined): boolean {
  if (!e.v || !heldUpdatedAt || e.op !== "update") return false;
  const held = Date.parse(heldUpdatedAt);
  const v = Date.parse(e.v);
  return Number.isFinite(held) && Number.isFinite(v) && held >= v;
}

/** Records of an `executions/<id>` document (the channel appends those after the held ones). */
interface WithRecords {
  updated_at: string;
  records?: { seq: number; updated_at?: string }[];
}

/** The last record number held of a document (0 when none): an `executions/` subscribe asks for records after it. */
export function docAfter(held: WithRecords | undefined): number {
  return held?.records?.length ? held.records[held.records.length - 1].seq : 0;
}

/**
 * A document update over the held one (platform.md §4 "a realtime update older than the cached one is ignored"):
 * an older `updated_at` keeps the held document; an `executions/` document's records are appended to the held
 * ones, so a reconnect asking for records after the last seq loses nothing, and a held record comes back changed
 * (a message streamed into it) replaces the held one when its own `updated_at` is newer.
 */
export function mergeDoc<D extends WithRecords>(topic: string, held: D | undefined, incoming: D): D {
  if (!held) return incoming;
  const newer = !docIsOlder(incoming.updated_at, held.updated_at);
  if (!topic.startsWith("executions/")) return newer ? incoming : held;
  const last = docAfter(held);
  const incomingRecords = incoming.records ?? [];
  const changed = new Map(incomingRecords.filter((r) => r.seq <= last).map((r) => [r.seq, r]));
  const records = (held.records ?? []).map((r) => {
    const c = changed.get(r.seq);
    return c && c.updated_at && (!r.updated_at || docIsOlder(r.updated_at, c.updated_at)) ? c : r;
  });
  const fresh = incomingRecords.filter((r) => r.seq > last);
  const base = newer ? incoming : held;
  return { ...base, records: [...records, ...fresh] };
}
