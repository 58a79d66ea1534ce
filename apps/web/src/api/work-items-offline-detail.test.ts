import { describe, expect, it, vi } from "vitest";

const held = vi.hoisted(
  () => new Map<string, { id: string; project_id: string; name: string; description_html?: string }>(),
);
vi.mock("./local-db/client.ts", async (orig) => ({
  ...(await orig<typeof import("./local-db/client.ts")>()),
  localItem: async (pid: string, id: string) => {
    const it = held.get(id);
    return it && it.project_id === pid ? it : null;
  },
  localComments: async (pid: string, id: string) => (pid === "p1" && id === "i1" ? [{ id: "c1", issue: "i1" }] : null),
}));

const { ApiError } = await import("./client.ts");
const { NotHeldOffline, isLocalCopy, serverOrLocalComments, serverOrLocalDetail } =
  await import("./work-items-parts.ts");

held.set("i1", { id: "i1", project_id: "p1", name: "Dark mode", description_html: "<p>Follow the theme</p>" });
const down = () => Promise.reject(new TypeError("Failed to fetch"));

describe("an item's detail when the server cannot be reached (issue #28 point 5)", () => {
  it("answers from the local database, marked as its copy, with what only the server holds empty", async () => {
    const d = await serverOrLocalDetail("p1", "i1", down);
    expect(d).toMatchObject({ id: "i1", name: "Dark mode", description_html: "<p>Follow the theme</p>", tasks: [] });
    expect(isLocalCopy(d)).toBe(true);
  });

  it("a proxy's 502–504 falls back too; the server's refusals do not", async () => {
    await expect(serverOrLocalDetail("p1", "i1", () => Promise.reject(new ApiError(503, {})))).resolves.toMatchObject({
      id: "i1",
    });
    await expect(serverOrLocalDetail("p1", "i1", () => Promise.reject(new ApiError(404, {})))).rejects.toMatchObject({
      status: 404,
    });
  });

  it("the server's answer when it answers (not a local copy)", async () => {
    const d = await serverOrLocalDetail("p1", "i1", async () => ({ id: "i1", name: "From the server" }) as never);
    expect(d.name).toBe("From the server");
    expect(isLocalCopy(d)).toBe(false);
  });

  it("offline and not held: not available offline", async () => {
    vi.stubGlobal("navigator", { onLine: false });
    await expect(serverOrLocalDetail("p1", "other", down)).rejects.toBeInstanceOf(NotHeldOffline);
    vi.unstubAllGlobals();
  });
});

describe("an item's comments when the server cannot be reached (issue #28 point 5)", () => {
  it("answers those the local database holds, marked as its copy (read from the server again once back)", async () => {
    const held = await serverOrLocalComments("p1", "i1", down);
    expect(held).toEqual([{ id: "c1", issue: "i1" }]);
    expect(isLocalCopy(held)).toBe(true);
    await expect(serverOrLocalComments("p1", "i1", () => Promise.reject(new ApiError(502, {})))).resolves.toHaveLength(
      1,
    );
  });

  it("the server's answer when it answers; its refusals stand", async () => {
    const answer = await serverOrLocalComments("p1", "i1", async () => []);
    expect(answer).toEqual([]);
    expect(isLocalCopy(answer)).toBe(false);
    await expect(serverOrLocalComments("p1", "i1", () => Promise.reject(new ApiError(404, {})))).rejects.toMatchObject({
      status: 404,
    });
  });

  it("not held: the failure stands (the activity says it loads when back online)", async () => {
    await expect(serverOrLocalComments("p1", "other", down)).rejects.toBeInstanceOf(TypeError);
  });
});
