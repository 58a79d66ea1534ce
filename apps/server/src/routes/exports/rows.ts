import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { seesOnlyOwnWorkItems } from "../../http/policies.ts";
import { schema, type DbOrTx } from "../../db/client.ts";
import type { AppContext } from "../../core/context.ts";
import {
  listWorkItems,
  parseListQuery,
  type Item,
  type ListContext,
  type Viewer,
} from "../../domain/work-item-list/index.ts";
import { formatPropertyValue, isMemberKind, type PropertyKind } from "@stride/shared";
import { projectTypes, typeProperties, type PropertyWithOptions } from "../../domain/item-properties.ts";
import { exportDateTime, type ExportComment, type ExportRelation, type ExportRow } from "./format.ts";

/**
 * The rows of an export, a page at a time: each project's work items come from the list engine (its live,
 * archived and draft lists, with the list's visibility rule for the initiator), and each page's names,
 * subscribers, links, relations and comments are read in one query each.
 */
export const EXPORT_PAGE_SIZE = 1000;

type ProjectRow = typeof schema.projects.$inferSelect;
export interface ExportProject {
  project: ProjectRow;
  /** The initiator is a guest here who sees only their own items. */
  ownOnly: boolean;
}

/** The initiator's active projects of the workspace that are not archived: those asked for, or all of them. */
export async function exportProjects(
  db: DbOrTx,
  workspaceId: string,
  userId: string,
  asked: string[],
): Promise<ExportProject[]> {
  const { projects, projectMembers } = schema;
  const rows = await db
    .select({ project: projects, role: projectMembers.role })
    .from(projects)
    .innerJoin(
      projectMembers,
      and(
        eq(projectMembers.projectId, projects.id),
        eq(projectMembers.memberId, userId),
        eq(projectMembers.isActive, true),
      ),
    )
    .where(
      and(
        eq(projects.workspaceId, workspaceId),
        isNull(projects.archivedAt),
        asked.length ? inArray(projects.id, asked) : undefined,
      ),
    )
    .orderBy(asc(projects.name), asc(projects.id));
  return rows.map((r) => ({
    project: r.project,
    ownOnly: seesOnlyOwnWorkItems({ projectRole: r.role, guestViewAllFeatures: r.project.guestViewAllFeatures }),
  }));
}

/** The list contexts an export reads for a project: its live items, then archived ones, then drafts. */
function contextsOf(p: ProjectRow): ListContext[] {
  const base = { workspaceId: p.workspaceId, projectId: p.id };
  return [
    { kind: "project", ...base },
    { kind: "archived", ...base },
    { kind: "drafts", ...base },
  ];
}

/** Each page of a project's items, as the list engine reads them (ordered by sequence id within each list). */
export async function* itemPages(app: AppContext, ep: ExportProject, userId: string): AsyncGenerator<Item[]> {
  const viewer: Viewer = { userId, timezone: "UTC", ownOnly: ep.ownOnly };
  for (const context of contextsOf(ep.project)) {
    for (let page = 0; ; page++) {
      const parsed = parseListQuery(
        { per_page: String(EXPORT_PAGE_SIZE), cursor: `${EXPORT_PAGE_SIZE}:${page}:0`, order_by: "sequence_id" },
        { timezone: "UTC", grouping: false },
      );
      const result = await listWorkItems(app, { context, viewer, ...parsed, shape: "list" });
      const items = result.results as Item[];
      if (items.length) yield items;
      if (!result.nextPageResults) break;
    }
  }
}

/** Names that stay the same for the whole export (people, and each project's states, labels, cycles, modules, points). */
export class ExportNames {
  private users = new Map<string, { name: string; active: boolean }>();
  private projectNames = new Map<string, Map<string, string>>();
  constructor(private db: DbOrTx) {}

  async people(ids: Iterable<string>): Promise<void> {
    const missing = [...new Set(ids)].filter((id) => !this.users.has(id));
    if (!missing.length) return;
    const rows = await this.db
      .select({
        id: schema.users.id,
        first: schema.users.firstName,
        last: schema.users.lastName,
        display: schema.users.displayName,
        active: schema.users.isActive,
      })
      .from(schema.users)
      .where(inArray(schema.users.id, missing));
    for (const r of rows) this.users.set(r.id, { name: `${r.first} ${r.last}`.trim() || r.display, active: r.active });
  }
  person(id: string | null | undefined): string {
    return (id && this.users.get(id)?.name) || "";
  }
  activePeople(ids: string[]): string[] {
    return byName(ids.filter((id) => this.users.get(id)?.active).map((id) => this.person(id)));
  }

  private propsOf = new Map<string, PropertyWithOptions[]>();

  /** How a page's custom property values read (issue #29): "Name: value" in the properties' order. */
  async properties(project: ProjectRow, items: Item[]): Promise<ExportProperties> {
    let props = this.propsOf.get(project.id);
    if (!props) {
      props = project.isIssueTypeEnabled
        ? await typeProperties(
            this.db,
            (await projectTypes(this.db, project)).map((t) => t.id),
          )
        : [];
      this.propsOf.set(project.id, props);
    }
    const list = props;
    if (!list.length) return { describe: () => [] };
    const memberIds = items.flatMap((i) =>
      list.filter((p) => isMemberKind(p.kind as PropertyKind)).flatMap((p) => i.property_values?.[p.id] ?? []),
    );
    await this.people(memberIds);
    const options = new Map(list.flatMap((p) => p.options.map((o) => [o.id, o.name] as const)));
    const nameOf = (id: string) => options.get(id) ?? (this.person(id) || undefined);
    return {
      describe: (values) =>
        list
          .filter((p) => values?.[p.id]?.length)
          .map((p) => `${p.displayName}: ${formatPropertyValue(p.kind as PropertyKind, values![p.id], nameOf)}`),
    };
  }

  /** id → name of the project's states, labels, cycles, modules and estimate points (point values). */
  async project(projectId: string): Promise<Map<string, string>> {
    const known = this.projectNames.get(projectId);
    if (known) return known;
    const { states, labels, cycles, modules, estimatePoints } = schema;
    const map = new Map<string, string>();
    const lists = await Promise.all([
      this.db.select({ id: states.id, name: states.name }).from(states).where(eq(states.projectId, projectId)),
      this.db.select({ id: labels.id, name: labels.name }).from(labels).where(eq(labels.projectId, projectId)),
      this.db.select({ id: cycles.id, name: cycles.name }).from(cycles).where(eq(cycles.projectId, projectId)),
      this.db.select({ id: modules.id, name: modules.name }).from(modules).where(eq(modules.projectId, projectId)),
      this.db
        .select({ id: estimatePoints.id, name: estimatePoints.value })
        .from(estimatePoints)
        .where(eq(estimatePoints.projectId, projectId)),
    ]);
    for (const list of lists) for (const r of list) map.set(r.id, r.name);
    this.projectNames.set(projectId, map);
    return map;
  }
}

/** The custom properties of a project's types, and the names of their options and of the people they name. */
export interface ExportProperties {
  describe(values: Record<string, string[]> | undefined): string[];
}

/** Names of a list in alphabetical order, so an export does not depend on the order ids were kept in. */
function byName(names: string[]): string[] {
  return names.sort((a, b) => a.localeCompare(b));
}

function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/** The relations of the page's items in one direction, with the other work item's key. */
function relationRows(db: DbOrTx, ids: string[], direction: "outgoing" | "incoming") {
  const { issues, projects, issueRelations } = schema;
  const [mine, other] =
    direction === "outgoing"
      ? [issueRelations.issueId, issueRelations.relatedIssueId]
      : [issueRelations.relatedIssueId, issueRelations.issueId];
  return db
    .select({ issue: mine, type: issueRelations.relationType, seq: issues.sequenceId, ident: projects.identifier })
    .from(issueRelations)
    .innerJoin(issues, eq(issues.id, other))
    .innerJoin(projects, eq(projects.id, issues.projectId))
    .where(and(inArray(mine, ids), isNull(issues.deletedAt)))
    .orderBy(asc(issueRelations.createdAt));
}

/** What a page of items needs from the related tables, one query each. */
async function relatedOf(db: DbOrTx, items: Item[]) {
  const { issues, projects, issueSubscribers, issueLinks, issueComments } = schema;
  const ids = items.map((i) => i.id);
  const parentIds = [...new Set(items.map((i) => i.parent_id).filter((id): id is string => !!id))];
  const [subscribers, links, outgoing, incoming, comments, parents] = await Promise.all([
    db
      .select({ issue: issueSubscribers.issueId, user: issueSubscribers.subscriberId })
      .from(issueSubscribers)
      .where(inArray(issueSubscribers.issueId, ids)),
    db
      .select({ issue: issueLinks.issueId, url: issueLinks.url, title: issueLinks.title })
      .from(issueLinks)
      .where(inArray(issueLinks.issueId, ids))
      .orderBy(asc(issueLinks.createdAt)),
    relationRows(db, ids, "outgoing"),
    relationRows(db, ids, "incoming"),
    db
      .select({
        issue: issueComments.issueId,
        text: issueComments.commentStripped,
        actor: issueComments.actorId,
        by: issueComments.createdById,
        at: issueComments.createdAt,
      })
      .from(issueComments)
      .where(and(inArray(issueComments.issueId, ids), isNull(issueComments.deletedAt)))
      .orderBy(asc(issueComments.createdAt)),
    parentIds.length
      ? db
          .select({ id: issues.id, seq: issues.sequenceId, ident: projects.identifier })
          .from(issues)
          .innerJoin(projects, eq(projects.id, issues.projectId))
          .where(inArray(issues.id, parentIds))
      : Promise.resolve([]),
  ]);
  return { subscribers, links, outgoing, incoming, comments, parents };
}

type Related = Awaited<ReturnType<typeof relatedOf>>;

/** The related rows by work item, and the names of the project's states, labels, cycles, modules and estimates. */
interface RowLookup {
  subsOf: Map<string, Related["subscribers"]>;
  linksOf: Map<string, Related["links"]>;
  outOf: Map<string, Related["outgoing"]>;
  inOf: Map<string, Related["incoming"]>;
  commentsOf: Map<string, Related["comments"]>;
  parentKey: Map<string, string>;
  nameOf: (id: string | null) => string;
  props: ExportProperties;
}

/** One page of items → export rows (one query per related table). */
export async function rowsOf(db: DbOrTx, names: ExportNames, project: ProjectRow, items: Item[]): Promise<ExportRow[]> {
  const { subscribers, links, outgoing, incoming, comments, parents } = await relatedOf(db, items);
  await names.people([
    ...items.flatMap((i) => [...i.assignee_ids, ...(i.created_by ? [i.created_by] : [])]),
    ...subscribers.map((s) => s.user),
    ...comments.map((c) => c.actor ?? c.by).filter((id): id is string => !!id),
  ]);
  const projectNames = await names.project(project.id);
  const lookup: RowLookup = {
    subsOf: groupBy(subscribers, (r) => r.issue),
    linksOf: groupBy(links, (r) => r.issue),
    outOf: groupBy(outgoing, (r) => r.issue),
    inOf: groupBy(incoming, (r) => r.issue),
    commentsOf: groupBy(comments, (r) => r.issue),
    parentKey: new Map(parents.map((p) => [p.id, `${p.ident}-${p.seq}`])),
    nameOf: (id: string | null) => (id ? (projectNames.get(id) ?? "") : ""),
    props: await names.properties(project, items),
  };
  return items.map((i) => exportRow(names, project, lookup, i));
}

/** One work item's export row. */
function exportRow(names: ExportNames, project: ProjectRow, lookup: RowLookup, i: Item): ExportRow {
  const { subsOf, linksOf, outOf, inOf, commentsOf, parentKey, nameOf, props } = lookup;
  const relations: ExportRelation[] = [
    ...(outOf.get(i.id) ?? []).map((r) => ({
      type: r.type,
      issue: `${r.ident}-${r.seq}`,
      direction: "outgoing" as const,
    })),
    ...(inOf.get(i.id) ?? []).map((r) => ({
      type: r.type,
      issue: `${r.ident}-${r.seq}`,
      direction: "incoming" as const,
    })),
  ];
  const itemComments: ExportComment[] = (commentsOf.get(i.id) ?? []).map((c) => ({
    comment: c.text,
    created_by: names.person(c.actor ?? c.by),
    created_at: exportDateTime(c.at) ?? "",
  }));
  return {
    project_name: project.name,
    project_identifier: project.identifier,
    parent: i.parent_id ? (parentKey.get(i.parent_id) ?? "") : "",
    identifier: `${project.identifier}-${i.sequence_id}`,
    sequence_id: i.sequence_id,
    name: i.name,
    state_name: nameOf(i.state_id),
    priority: i.priority,
    assignees: names.activePeople(i.assignee_ids),
    subscribers: byName((subsOf.get(i.id) ?? []).map((s) => names.person(s.user))),
    created_by_name: names.person(i.created_by),
    start_date: i.start_date,
    target_date: i.target_date,
    completed_at: exportDateTime(i.completed_at),
    created_at: exportDateTime(i.created_at) ?? "",
    updated_at: exportDateTime(i.updated_at) ?? "",
    archived_at: i.archived_at ?? null,
    estimate: nameOf(i.estimate_point),
    labels: byName(i.label_ids.map(nameOf).filter(Boolean)),
    cycles: i.cycle_id ? [nameOf(i.cycle_id)].filter(Boolean) : [],
    modules: byName(i.module_ids.map(nameOf).filter(Boolean)),
    links: (linksOf.get(i.id) ?? []).map((l) => ({ url: l.url, title: l.title ?? "" })),
    relations,
    comments: itemComments,
    sub_issues_count: i.sub_issues_count,
    link_count: i.link_count,
    attachment_count: i.attachment_count,
    is_draft: i.is_draft,
    custom_properties: props.describe(i.property_values),
  };
}
