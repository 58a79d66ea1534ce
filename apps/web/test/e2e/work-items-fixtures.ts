import fs from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { afterEach, beforeEach, expect } from "vitest";
import type { APIRequestContext, BrowserContext, Page } from "playwright-core";
import { PASSWORD, apiAddProjectMember, apiInviteAndAccept, e2eSuite, unique, type E2eSuite } from "./helpers.ts";
import { csrf, ensureInstance } from "./instance.ts";

/**
 * Arrange for the work-item browser tests, through the API (acting is done through the UI): the
 * instance is set up once (same admin as the other browser tests), then each file gets a fresh user,
 * workspace and project, signed in inside the given browser context.
 */
export interface Arranged {
  email: string;
  userId: string;
  slug: string;
  projectId: string;
  identifier: string;
  states: { id: string; name: string; group: string }[];
  labels: { id: string; name: string }[];
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>, what: string): Promise<T> {
  if (!res.ok()) throw new Error(`${what} failed: ${res.status()} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export { ensureInstance };

/** Sign up a new user in this context (cookies land in the browser context) and mark them onboarded. */
export async function signUpUser(
  req: APIRequestContext,
  firstName: string,
  email = `${unique(firstName.toLowerCase())}@stride.test`,
): Promise<{ email: string; userId: string }> {
  const token = await csrf(req);
  await req.post("/auth/sign-up/", {
    form: { csrfmiddlewaretoken: token, email, password: PASSWORD },
    maxRedirects: 0,
  });
  const me = await json<{ id: string }>(await req.get("/api/users/me/"), "sign-up");
  await json(
    await req.patch("/api/users/me/", {
      data: { first_name: firstName, last_name: "Tester", display_name: firstName.toLowerCase() },
    }),
    "update user",
  );
  await json(
    await req.patch("/api/users/me/profile/", {
      data: {
        is_onboarded: true,
        onboarding_step: {
          profile_complete: true,
          workspace_create: true,
          workspace_invite: true,
          workspace_join: true,
        },
      },
    }),
    "onboard",
  );
  return { email, userId: me.id };
}

export async function arrange(
  context: BrowserContext,
  opts: { firstName?: string; labels?: { name: string; color: string }[] } = {},
): Promise<Arranged> {
  const req = context.request;
  await ensureInstance(req);
  const { email, userId } = await signUpUser(req, opts.firstName ?? "Olivia");
  const slug = unique("wi-");
  const W = `/api/workspaces/${slug}`;
  await json(
    await req.post("/api/workspaces/", { data: { name: "Work Items Co", slug, organization_size: "2-10" } }),
    "create workspace",
  );
  const identifier = `W${Math.floor(Math.random() * 9000 + 1000)}`.slice(0, 5);
  const project = await json<{ id: string; identifier: string }>(
    await req.post(`${W}/projects/`, { data: { name: "Rocket", identifier } }),
    "create project",
  );
  const P = `${W}/projects/${project.id}`;
  const labels: { id: string; name: string }[] = [];
  for (const l of opts.labels ?? [])
    labels.push(
      await json<{ id: string; name: string }>(await req.post(`${P}/issue-labels/`, { data: l }), "create label"),
    );
  const states = await json<{ id: string; name: string; group: string }[]>(await req.get(`${P}/states/`), "states");
  return { email, userId, slug, projectId: project.id, identifier: project.identifier, states, labels };
}

/** Alice's workspace and project (`arrange`) with Bob, signed in in his own context, a member (15) of both. */
export async function arrangeWithTeammate(
  alice: BrowserContext,
  bob: BrowserContext,
): Promise<{ a: Arranged; b: { email: string; userId: string } }> {
  const a = await arrange(alice, { firstName: "Alice" });
  const b = await signUpUser(bob.request, "Bob");
  await apiInviteAndAccept(alice, bob, a.slug, b.email, 15);
  await apiAddProjectMember(alice, a.slug, a.projectId, b.userId, 15);
  return { a, b };
}

/** Create work items through the API (arrange only). */
export async function createItems(
  req: APIRequestContext,
  a: Arranged,
  items: Record<string, unknown>[],
): Promise<{ id: string; sequence_id: number; name: string }[]> {
  const out = [];
  for (const body of items) {
    out.push(
      await json<{ id: string; sequence_id: number; name: string }>(
        await req.post(`/api/workspaces/${a.slug}/projects/${a.projectId}/issues/`, { data: body }),
        "create item",
      ),
    );
  }
  return out;
}

export async function setLayout(
  req: APIRequestContext,
  a: Arranged,
  display_filters: Record<string, unknown>,
): Promise<void> {
  await json(
    await req.patch(`/api/workspaces/${a.slug}/projects/${a.projectId}/user-properties/`, {
      data: { display_filters },
    }),
    "user properties",
  );
}

export const listUrl = (a: Arranged) => `/${a.slug}/projects/${a.projectId}/issues/`;

/** Wait for the list screen to show (any layout). */
export async function openList(page: Page, a: Arranged): Promise<void> {
  await page.goto(listUrl(a));
  await page.locator("[data-list-context]").waitFor();
  await page
    .getByRole("status", { name: "Loading work items" })
    .waitFor({ state: "detached" })
    .catch(() => undefined);
}

/** expect.poll with a timeout that suits a loaded CI machine. */
export const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

/** A real PNG (w×h, one colour). */
export function png(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) rows.set([79, 70, 229], y * (w * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * The file's suite (`e2eSuite`) and, for each test, a fresh context with its own signed-in user and project (`arrange`)
 * and a page, handed to `use` before the test runs (the context closes after it).
 */
export function arrangeEach(
  opts: Parameters<typeof arrange>[1],
  use: (t: { ctx: BrowserContext; page: Page; a: Arranged }) => void,
): E2eSuite {
  const e2e = e2eSuite();
  let ctx: BrowserContext | undefined;
  beforeEach(async () => {
    ctx = await e2e.context();
    const a = await arrange(ctx, opts);
    use({ ctx, page: await ctx.newPage(), a });
  });
  afterEach(async () => {
    await ctx?.close();
  });
  return e2e;
}

/** A screenshot of the page for review, kept only when `E2E_SHOTS` names a folder. */
export async function reviewShot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** POST under the project (arrange only): the answer's JSON, after checking it succeeded. */
export async function postJson<T>(
  req: APIRequestContext,
  a: Arranged,
  p: string,
  data: Record<string, unknown>,
): Promise<T> {
  const res = await req.post(`/api/workspaces/${a.slug}/projects/${a.projectId}/${p}`, { data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}
