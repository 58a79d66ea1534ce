import { and, asc, eq, isNull, sql } from "drizzle-orm";
import {
  PRIORITIES,
  STATE_GROUPS,
  TASK_STATUSES,
  allows,
  canSeeWorkItem,
  seesOnlyOwnWorkItems,
  PERMISSIONS,
  textToHtml,
  type Policy,
  type RawPropertyValue,
} from "@stride/shared";
import { actOnBehalfOf } from "../../domain/activity.ts";
import { schema, type Tx } from "../../db/client.ts";
import { insertTasks, patchTask, tasksOf } from "../../routes/issue-tasks/commands.ts";
import { createComment } from "../../routes/issue-comments/commands.ts";
import { createIssue, updateIssue } from "../../routes/issues/commands.ts";
import { projectTypes, typeProperties } from "../../domain/item-properties.ts";
import { listWorkItems, parseFilters, parseListQuery } from "../../domain/work-item-list/index.ts";
import { SandboxError } from "../sandbox/runtime.ts";
import { SandboxUnavailableError } from "../sandbox/bwrap.ts";
import { obj, str, ToolInputError, type Tool, type ToolContext, type ToolResult } from "./tool-kit.ts";
import { SANDBOX_TOOLS } from "./sandbox-tools.ts";

/**
 * The agent's built-in tools (agents.md §3): work-item tools act on the execution's work item with the rights of the
 * person who started the run, as the agent itself (issue #24 point 9): its writes go through the same commands as the
 * API (so activity, notifications, webhooks and live events follow) with the agent template's bot as their actor,
 * on behalf of that person (`asAgent`); sandbox tools run inside the run's bubblewrap sandbox.
 */

/** The custom property values a create or update tool takes (issue #29). */
const PROPERTIES_ARG = {
  type: "object",
  description:
    "Custom property values by property name: a string, number or boolean, or a list for multi-valued properties; options by name.",
};
/** A tool call the acting person may not make: refused, as the route would refuse it. */
export class ToolRefusedError extends ToolInputError {}

interface ActorRoles {
  userId: string;
  workspaceRole: number | null;
  projectRole: number | null;
}

const AGENT_REMOVED = "Refused: this agent was removed from the project.";
/** The agent's bot of each run's tool context, as `actorRoles` last found it an active member of the project. */
const agentBots = new WeakMap<ToolContext, string>();

/**
 * The acting person's roles in the run's project, read at each call (a role changed mid-run counts at once), and only
 * while the agent's bot is an active member of that project: a run never does more than its starter could, and
 * nothing once its agent was removed.
 */
async function actorRoles(ctx: ToolContext): Promise<ActorRoles> {
  const rows = (await ctx.app.db.execute(sql`
    SELECT wm.role AS ws, pm.role AS pr, bm.member AS bot FROM projects p
    LEFT JOIN agent_templates t ON t.id = ${ctx.agentTemplateId} AND t.project = p.id
    LEFT JOIN project_members bm ON bm.project = p.id AND bm.member = t.bot_user AND bm.is_active = true
    LEFT JOIN workspace_members wm ON wm.workspace = p.workspace AND wm.member = ${ctx.actorId} AND wm.is_active = true
    LEFT JOIN project_members pm ON pm.project = p.id AND pm.member = ${ctx.actorId} AND pm.is_active = true
    WHERE p.id = ${ctx.project.id}`)) as unknown as { ws: number | null; pr: number | null; bot: string | null }[];
  const bot = rows[0]?.bot ?? null;
  if (!bot) throw new ToolRefusedError(AGENT_REMOVED);
  agentBots.set(ctx, bot);
  return { userId: ctx.actorId, workspaceRole: rows[0].ws ?? null, projectRole: rows[0].pr ?? null };
}

/**
 * A write of the run, in one transaction: made by the agent's bot (the commands' actor) on behalf of the person who
 * started the run (core/activity.ts `actOnBehalfOf`). Called after the call's permission check, which found the bot.
 */
async function asAgent<T>(ctx: ToolContext, write: (tx: Tx, botId: string) => Promise<T>): Promise<T> {
  const bot = agentBots.get(ctx) ?? (await actorRoles(ctx), agentBots.get(ctx));
  if (!bot) throw new ToolRefusedError(AGENT_REMOVED);
  return ctx.app.db.transaction(async (tx) => {
    actOnBehalfOf(tx, ctx.actorId);
    return write(tx, bot);
  });
}

/**
 * The route's permission check, made for the person the agent acts for: the same entry of the permission table
 * (and the entity's creator for creator rules); a tool never does what that person could not do themselves.
 */
async function authorize(
  ctx: ToolContext,
  policy: Policy,
  what: string,
  creatorId?: string | null,
): Promise<ActorRoles> {
  const roles = await actorRoles(ctx);
  if (!allows(policy, { ...roles, creatorId: creatorId ?? null })) {
    throw new ToolRefusedError(`Refused: you don't have the required permissions to ${what} in this project.`);
  }
  return roles;
}

const workItemId = {
  type: "string",
  description: "The work item's id or key like ABC-12 (default: the work item of this run).",
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The work item a tool call names (`work_item_id`: its id or its key like `WEB-12`; default the run's), checked as
 * the routes check it: `policy` for the acting person, and a guest sees only what the project lets them see.
 */
async function issueOf(
  ctx: ToolContext,
  args: Record<string, unknown>,
  policy: Policy = PERMISSIONS.workItem.view,
  what = "read work items",
) {
  const ref = str(args, "work_item_id", false)?.trim() ?? ctx.issueId;
  if (!ref) throw new ToolInputError("This run has no work item; pass work_item_id.");
  const key = /^([A-Za-z0-9]+)-(\d+)$/.exec(ref);
  if (!UUID.test(ref) && !(key && key[1].toUpperCase() === ctx.project.identifier.toUpperCase()))
    throw new ToolInputError("Work item not found.");
  const [issue] = await ctx.app.db
    .select()
    .from(schema.issues)
    .where(
      and(
        UUID.test(ref) ? eq(schema.issues.id, ref) : eq(schema.issues.sequenceId, Number(key![2])),
        eq(schema.issues.projectId, ctx.project.id),
        isNull(schema.issues.deletedAt),
      ),
    );
  if (!issue) throw new ToolInputError("Work item not found.");
  const roles = await actorRoles(ctx);
  if (
    !canSeeWorkItem({ ...roles, guestViewAllFeatures: ctx.project.guestViewAllFeatures, creatorId: issue.createdById })
  )
    throw new ToolInputError("Work item not found.");
  if (!allows(policy, { ...roles, creatorId: issue.createdById }))
    throw new ToolRefusedError(`Refused: you don't have the required permissions to ${what} in this project.`);
  return issue;
}

/** A state of the project by its name (or id); triage states are not offered, as in the routes. */
async function stateNamed(ctx: ToolContext, name: string) {
  const want = name.trim().toLowerCase();
  const states = (
    await ctx.app.db.select().from(schema.states).where(eq(schema.states.projectId, ctx.project.id))
  ).filter((s) => s.group !== "triage");
  const state = states.find((s) => s.name.toLowerCase() === want || s.id === want);
  if (!state) throw new ToolInputError(`No state "${name}". States: ${states.map((s) => s.name).join(", ")}.`);
  return state;
}

function priorityArg(args: Record<string, unknown>): string | undefined {
  const p = str(args, "priority", false);
  if (p && !(PRIORITIES as readonly string[]).includes(p))
    throw new ToolInputError(`"priority" must be one of ${PRIORITIES.join(", ")}.`);
  return p;
}

/** The fields create_work_item and update_work_item take, in the routes' wire names. */
async function issueFields(ctx: ToolContext, args: Record<string, unknown>) {
  const name = str(args, "name", false)?.trim().slice(0, 255);
  const description = str(args, "description", false);
  const priority = priorityArg(args);
  const state = str(args, "state", false);
  const property_values = await propertyArgs(ctx, args);
  return {
    ...(property_values ? { property_values } : {}),
    ...(name ? { name } : {}),
    ...(description !== undefined ? { description_html: textToHtml(description) } : {}),
    ...(priority ? { priority } : {}),
    ...(state ? { state_id: (await stateNamed(ctx, state)).id } : {}),
  };
}

/**
 * `properties` of the create and update tools: custom property values keyed by the property's name (or id), checked
 * by the work-item commands like any other write (issue #29).
 */
async function propertyArgs(
  ctx: ToolContext,
  args: Record<string, unknown>,
): Promise<Record<string, RawPropertyValue> | undefined> {
  const raw = args.properties;
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== "object" || Array.isArray(raw))
    throw new ToolInputError('"properties" must be an object of property name → value.');
  const types = await projectTypes(ctx.app.db, ctx.project);
  const props = await typeProperties(
    ctx.app.db,
    types.map((t) => t.id),
    { activeOnly: true },
  );
  const out: Record<string, RawPropertyValue> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const p =
      props.find((x) => x.id === key.toLowerCase()) ??
      props.find((x) => x.displayName.toLowerCase() === key.trim().toLowerCase());
    if (!p)
      throw new ToolInputError(
        `No property "${key}". Properties: ${props.map((x) => x.displayName).join(", ") || "none"}.`,
      );
    // an option is named by its name too
    const named = (v: unknown) =>
      typeof v === "string" ? (p.options.find((o) => o.name.toLowerCase() === v.trim().toLowerCase())?.id ?? v) : v;
    out[p.id] = (Array.isArray(value) ? value.map(named) : named(value)) as RawPropertyValue;
  }
  return out;
}

/** A model-readable line per work item. */
async function itemLines(
  ctx: ToolContext,
  rows: { id: string; sequence_id: number; name: string; state_id: string | null; priority: string }[],
): Promise<string> {
  const states = new Map(
    (
      await ctx.app.db
        .select({ id: schema.states.id, name: schema.states.name })
        .from(schema.states)
        .where(eq(schema.states.projectId, ctx.project.id))
    ).map((s) => [s.id, s.name]),
  );
  return rows
    .map(
      (r) =>
        `- ${ctx.project.identifier}-${r.sequence_id}: ${r.name} [state ${states.get(r.state_id ?? "") ?? "none"}, priority ${r.priority}] (id ${r.id})`,
    )
    .join("\n");
}

const taskLine = (t: { id: string; name: string; status: string }) => `- [${t.status}] ${t.name} (id ${t.id})`;

async function readWorkItem(args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
  const issue = await issueOf(ctx, args);
  const [state] = issue.stateId
    ? await ctx.app.db.select().from(schema.states).where(eq(schema.states.id, issue.stateId))
    : [];
  const states = await ctx.app.db
    .select({ name: schema.states.name })
    .from(schema.states)
    .where(eq(schema.states.projectId, ctx.project.id))
    .orderBy(asc(schema.states.sequence));
  const tasks = await tasksOf(ctx.app.db, issue.id);
  const lines = [
    `${ctx.project.identifier}-${issue.sequenceId}: ${issue.name}`,
    `State: ${state?.name ?? "none"} (states: ${states.map((s) => s.name).join(", ")})`,
    `Priority: ${issue.priority}`,
    "",
    "Description:",
    issue.descriptionStripped?.trim() || "(none)",
    "",
    "Tasks:",
    ...(tasks.length ? tasks.map(taskLine) : ["(none)"]),
  ];
  return { content: lines.join("\n") };
}

const TOOLS: Record<string, Tool> = {
  read_work_item: {
    spec: {
      name: "read_work_item",
      description: "Read the work item: title, state, priority, description and tasks.",
      parameters: obj({ work_item_id: workItemId }),
    },
    run: readWorkItem,
  },
  list_tasks: {
    spec: {
      name: "list_tasks",
      description: "List the work item's tasks with their ids and statuses.",
      parameters: obj({ work_item_id: workItemId }),
    },
    run: async (args, ctx) => {
      const tasks = await tasksOf(ctx.app.db, (await issueOf(ctx, args)).id);
      return { content: tasks.length ? tasks.map(taskLine).join("\n") : "The work item has no tasks." };
    },
  },
  create_task: {
    spec: {
      name: "create_task",
      description: "Add a task to the work item (use tasks as your plan).",
      parameters: obj(
        {
          name: { type: "string" },
          description: { type: "string" },
          status: { type: "string", enum: [...TASK_STATUSES] },
          work_item_id: workItemId,
        },
        ["name"],
      ),
    },
    run: async (args, ctx) => {
      const issue = await issueOf(ctx, args, PERMISSIONS.workItem.link, "change tasks of work items");
      const status = str(args, "status", false);
      if (status && !(TASK_STATUSES as readonly string[]).includes(status))
        throw new ToolInputError(`"status" must be one of ${TASK_STATUSES.join(", ")}.`);
      const name = str(args, "name")!.slice(0, 255);
      const [task] = await asAgent(ctx, (tx, bot) =>
        insertTasks(tx, issue, bot, [{ name, description: str(args, "description", false), status: status as never }]),
      );
      return { content: `Created task ${task.id}: ${task.name} [${task.status}]` };
    },
  },
  update_task: {
    spec: {
      name: "update_task",
      description:
        "Change a task of the work item: its status (pending, in_progress, completed, cancelled), name or description.",
      parameters: obj(
        {
          task_id: { type: "string", description: "The task's id (or its exact name)." },
          status: { type: "string", enum: [...TASK_STATUSES] },
          name: { type: "string" },
          description: { type: "string" },
          work_item_id: workItemId,
        },
        ["task_id"],
      ),
    },
    run: async (args, ctx) => {
      const issue = await issueOf(ctx, args, PERMISSIONS.workItem.link, "change tasks of work items");
      const taskId = str(args, "task_id")!;
      const tasks = await tasksOf(ctx.app.db, issue.id);
      const cur =
        tasks.find((t) => t.id === taskId) ??
        tasks.find((t) => t.name.trim().toLowerCase() === taskId.trim().toLowerCase());
      if (!cur) throw new ToolInputError("Task not found on this work item.");
      const status = str(args, "status", false);
      if (status && !(TASK_STATUSES as readonly string[]).includes(status))
        throw new ToolInputError(`"status" must be one of ${TASK_STATUSES.join(", ")}.`);
      const patch = {
        ...(status ? { status: status as never } : {}),
        ...(args.name ? { name: str(args, "name")!.slice(0, 255) } : {}),
        ...(args.description !== undefined ? { description: str(args, "description", false) ?? "" } : {}),
      };
      const t = await asAgent(ctx, (tx, bot) => patchTask(tx, issue, bot, cur, patch));
      return { content: `Updated task ${t.id}: ${t.name} [${t.status}]` };
    },
  },
  add_comment: {
    spec: {
      name: "add_comment",
      description: "Comment on the work item (plain text; say what you did).",
      parameters: obj({ comment: { type: "string" }, work_item_id: workItemId }, ["comment"]),
    },
    run: async (args, ctx) => {
      const issue = await issueOf(ctx, args, PERMISSIONS.comment.create, "comment on work items");
      const c = await asAgent(ctx, (tx, bot) =>
        createComment(tx, issue, bot, { comment_html: textToHtml(str(args, "comment")!) } as never),
      );
      return { content: `Commented (comment ${c.id}).` };
    },
  },
  set_state: {
    spec: {
      name: "set_state",
      description: "Move the work item to another state, by the state's name.",
      parameters: obj({ state: { type: "string" }, work_item_id: workItemId }, ["state"]),
    },
    run: async (args, ctx) => {
      const issue = await issueOf(ctx, args, PERMISSIONS.workItem.edit, "edit this work item");
      const state = await stateNamed(ctx, str(args, "state")!);
      await asAgent(ctx, (tx, bot) => updateIssue(tx, ctx.project, bot, issue.id, { state_id: state.id }));
      return { content: `The work item is now in state ${state.name}.` };
    },
  },
  search_work_items: {
    spec: {
      name: "search_work_items",
      description:
        "Search the project's work items (newest changes first): by words in the title, state group and priority.",
      parameters: obj({
        query: { type: "string", description: "Words the title contains." },
        state_group: { type: "string", enum: [...STATE_GROUPS] },
        priority: { type: "string", enum: [...PRIORITIES] },
        limit: { type: "integer", minimum: 1, maximum: 50 },
      }),
    },
    run: async (args, ctx) => {
      const roles = await authorize(ctx, PERMISSIONS.workItem.view, "read work items");
      const timezone = "UTC";
      const filter = parseFilters(
        {
          name: str(args, "query", false),
          state_group: str(args, "state_group", false),
          priority: str(args, "priority", false),
        },
        timezone,
      );
      const limit = typeof args.limit === "number" ? Math.min(50, Math.max(1, Math.floor(args.limit))) : 20;
      const parsed = parseListQuery(
        { per_page: String(limit), order_by: "-updated_at" },
        { timezone, grouping: false },
      );
      // the list engine, with the person's own view of the project (a guest may see only their own items)
      const viewer = {
        userId: ctx.actorId,
        timezone,
        ownOnly: seesOnlyOwnWorkItems({
          projectRole: roles.projectRole,
          guestViewAllFeatures: ctx.project.guestViewAllFeatures,
        }),
      };
      const result = await listWorkItems(ctx.app, {
        context: { kind: "project", workspaceId: ctx.project.workspaceId, projectId: ctx.project.id },
        viewer,
        ...parsed,
        filter,
        shape: "list",
      });
      const rows = result.results as unknown as {
        id: string;
        sequence_id: number;
        name: string;
        state_id: string | null;
        priority: string;
      }[];
      if (!rows.length) return { content: "No work items match." };
      return {
        content: `${result.totalCount} work item(s) match${result.totalCount > rows.length ? `; the first ${rows.length}` : ""}:\n${await itemLines(ctx, rows)}`,
      };
    },
  },
  create_work_item: {
    spec: {
      name: "create_work_item",
      description: "Create a work item in the project.",
      parameters: obj(
        {
          name: { type: "string" },
          description: { type: "string", description: "Plain text." },
          priority: { type: "string", enum: [...PRIORITIES] },
          state: { type: "string", description: "A state's name (default: the project's default state)." },
          properties: PROPERTIES_ARG,
        },
        ["name"],
      ),
    },
    run: async (args, ctx) => {
      await authorize(ctx, PERMISSIONS.workItem.create, "create work items");
      const fields = await issueFields(ctx, args);
      if (!fields.name) throw new ToolInputError('"name" is required.');
      const issue = await asAgent(ctx, (tx, bot) =>
        createIssue(tx, ctx.project, bot, { ...fields, name: fields.name! }),
      );
      return { content: `Created ${ctx.project.identifier}-${issue.sequenceId}: ${issue.name} (id ${issue.id})` };
    },
  },
  update_work_item: {
    spec: {
      name: "update_work_item",
      description: "Change a work item: its title, description (plain text, replaces it), priority or state (by name).",
      parameters: obj(
        {
          work_item_id: { type: "string", description: "The work item's id or key (like ABC-12)." },
          name: { type: "string" },
          description: { type: "string" },
          priority: { type: "string", enum: [...PRIORITIES] },
          state: { type: "string" },
          properties: PROPERTIES_ARG,
        },
        ["work_item_id"],
      ),
    },
    run: async (args, ctx) => {
      const issue = await issueOf(ctx, args, PERMISSIONS.workItem.edit, "edit this work item");
      const fields = await issueFields(ctx, args);
      if (!Object.keys(fields).length)
        throw new ToolInputError("Nothing to change: give name, description, priority, state or properties.");
      const row = await asAgent(ctx, (tx, bot) => updateIssue(tx, ctx.project, bot, issue.id, fields));
      return { content: `Updated ${ctx.project.identifier}-${row.sequenceId}: ${row.name}` };
    },
  },
  ...SANDBOX_TOOLS,
};

/** The built-in tools by name (unknown names are left out). */
export function builtinTools(names: readonly string[]): Tool[] {
  return names.flatMap((n) => (TOOLS[n] ? [TOOLS[n]] : []));
}

/** What the model is told when a tool fails: the reason in words (a tool failure is the model's to handle). */
export function toolErrorText(e: unknown): string | null {
  if (e instanceof ToolInputError || e instanceof SandboxError || e instanceof SandboxUnavailableError)
    return e.message;
  if (e && typeof e === "object" && "status" in e && "body" in e) {
    const body = (e as { body: unknown }).body;
    return `The change was refused: ${typeof body === "object" ? JSON.stringify(body) : String(body)}`;
  }
  return null;
}
