import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startTestServer, type TestServer } from "./helpers/server.ts";
import { projectFixture, workspaceFixture, type ProjectFixture, type WorkspaceFixture } from "./helpers/fixtures.ts";
import { apiKeyFor, type ApiKeyClient } from "./helpers/api-key.ts";
import { buildTools, toolName } from "../src/routes/mcp/tools.ts";

let t: TestServer;
let ws: WorkspaceFixture;
let pr: ProjectFixture;
let member: ApiKeyClient;
let guest: ApiKeyClient;
const clients: McpClient[] = [];

/** The official MCP SDK client over streamable HTTP, authenticated as `headers` say. */
async function connect(headers: Record<string, string>): Promise<McpClient> {
  const client = new McpClient({ name: "stride-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${t.url}/mcp`), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

const textOf = (r: Awaited<ReturnType<McpClient["callTool"]>>) =>
  (r.content as { type: string; text: string }[])[0].text;

beforeAll(async () => {
  t = await startTestServer();
  ws = await workspaceFixture(t);
  pr = await projectFixture(t, ws, { identifier: "MCP" });
  [member, guest] = await Promise.all([apiKeyFor(ws.member), apiKeyFor(ws.guest)]);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await t?.close();
});

describe("the MCP server at /mcp", () => {
  it("lists tools generated from the v1 routes, with their schemas", async () => {
    const client = await connect({ "X-API-Key": member.key });
    expect(client.getServerVersion()?.name).toBe("stride");
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const n of [
      "list_projects",
      "get_project",
      "create_project",
      "list_states",
      "create_state",
      "list_labels",
      "create_label",
      "list_work_items",
      "create_work_item",
      "get_work_item",
      "update_work_item",
      "delete_work_item",
      "search_work_items",
      "list_work_item_comments",
      "create_work_item_comment",
      "list_cycles",
      "create_cycle",
      "list_modules",
      "create_module",
      "list_cycle_issues",
      "list_module_issues",
    ])
      expect(names).toContain(n);
    // one tool per route: the `issues/` aliases are not repeated
    expect(new Set(names).size).toBe(names.length);
    expect(names.some((n) => n.includes("issues_by") || n.startsWith("post_"))).toBe(false);
    const create = tools.find((tool) => tool.name === "create_work_item")!;
    expect(create.inputSchema.required).toEqual(["slug", "projectId", "body"]);
    const body = (
      create.inputSchema.properties as Record<string, { properties: Record<string, unknown>; required?: string[] }>
    ).body;
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(["name", "state", "priority", "assignees", "labels"]),
    );
    expect(body.required).toContain("name");
    expect(create.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(tools.find((tool) => tool.name === "list_work_items")!.annotations?.readOnlyHint).toBe(true);
  });

  it("creates and updates a work item through the v1 handlers (Bearer token)", async () => {
    const client = await connect({ Authorization: `Bearer ${member.key}` });
    const made = await client.callTool({
      name: "create_work_item",
      arguments: {
        slug: ws.slug,
        projectId: pr.id,
        body: { name: "Made by an assistant", priority: "high", state: pr.states["Todo"] },
      },
    });
    expect(made.isError).toBe(false);
    const item = JSON.parse(textOf(made));
    expect(item).toMatchObject({
      name: "Made by an assistant",
      priority: "high",
      state: pr.states["Todo"],
      created_by: ws.member.userId,
      project: pr.id,
    });

    const updated = await client.callTool({
      name: "update_work_item",
      arguments: {
        slug: ws.slug,
        projectId: pr.id,
        issueId: item.id,
        body: { name: "Renamed by an assistant", priority: "low" },
      },
    });
    expect(updated.isError).toBe(false);
    expect(JSON.parse(textOf(updated))).toMatchObject({
      id: item.id,
      name: "Renamed by an assistant",
      priority: "low",
    });

    // the same item as the API and the app see it, with the change recorded as the app records it
    expect((await member.get(`/api/v1/workspaces/${ws.slug}/projects/${pr.id}/work-items/${item.id}/`)).body.name).toBe(
      "Renamed by an assistant",
    );
    const acts = (await member.get(`/api/v1/workspaces/${ws.slug}/projects/${pr.id}/work-items/${item.id}/activities/`))
      .body.results;
    expect(
      acts.some(
        (a: { field: string; new_value: string }) => a.field === "name" && a.new_value === "Renamed by an assistant",
      ),
    ).toBe(true);

    // lists and search with query parameters
    const listed = await client.callTool({
      name: "list_work_items",
      arguments: { slug: ws.slug, projectId: pr.id, per_page: 5 },
    });
    expect(JSON.parse(textOf(listed)).results.map((r: { id: string }) => r.id)).toContain(item.id);
    const found = await client.callTool({
      name: "search_work_items",
      arguments: { slug: ws.slug, search: "Renamed by" },
    });
    expect(found.isError).toBe(false);
    expect(textOf(found)).toContain(item.id);

    // bad input is the API's 400 as a tool error
    const bad = await client.callTool({
      name: "create_work_item",
      arguments: { slug: ws.slug, projectId: pr.id, body: { name: "" } },
    });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain("400");
    expect(textOf(bad)).toContain("This field may not be blank.");
  });

  it("acts with the token owner's permissions: a guest's token is refused what a guest may not do", async () => {
    const client = await connect({ "X-API-Key": guest.key });
    const refused = await client.callTool({
      name: "create_state",
      arguments: { slug: ws.slug, projectId: pr.id, body: { name: "Nope", color: "#ff0000" } },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain("HTTP 403");
    expect(textOf(refused)).toContain("You don't have the required permissions.");
    const states = (await member.get(`/api/v1/workspaces/${ws.slug}/projects/${pr.id}/states/`)).body.results;
    expect(states.some((s: { name: string }) => s.name === "Nope")).toBe(false);
    // reading is allowed
    const read = await client.callTool({ name: "list_states", arguments: { slug: ws.slug, projectId: pr.id } });
    expect(read.isError).toBe(false);
  });

  it("refuses requests without a valid token, and GET (stateless server)", async () => {
    const init = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "x", version: "1" } },
    };
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const none = await fetch(`${t.url}/mcp`, { method: "POST", headers, body: JSON.stringify(init) });
    expect(none.status).toBe(401);
    const bad = await fetch(`${t.url}/mcp`, {
      method: "POST",
      headers: { ...headers, authorization: "Bearer nope" },
      body: JSON.stringify(init),
    });
    expect(bad.status).toBe(403);
    expect(await bad.json()).toEqual({ detail: "Given API token is not valid" });
    const get = await fetch(`${t.url}/mcp`, { headers: { "x-api-key": member.key } });
    expect(get.status).toBe(405);
  });

  it("names tools from their routes", () => {
    expect(toolName("GET", "/api/v1/workspaces/:slug/projects/")).toBe("list_projects");
    expect(toolName("GET", "/api/v1/workspaces/:slug/projects/:projectId/summary/")).toBe("get_project_summary");
    expect(toolName("DELETE", "/api/v1/workspaces/:slug/projects/:projectId/archive/")).toBe("unarchive_project");
    expect(toolName("DELETE", "/api/v1/workspaces/:slug/projects/:projectId/archived-cycles/:cycleId/unarchive/")).toBe(
      "unarchive_cycle",
    );
    expect(toolName("POST", "/api/v1/workspaces/:slug/projects/:projectId/cycles/:cycleId/transfer-issues/")).toBe(
      "transfer_cycle_issues",
    );
    expect(toolName("GET", "/api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/activities/")).toBe(
      "list_work_item_activities",
    );
    expect(buildTools().length).toBeGreaterThan(40);
  });
});
