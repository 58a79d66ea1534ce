import type { AppContext } from "../../core/context.ts";
import type { ListRequest } from "./engine.ts";

/**
 * Response cache of work-item list pages, exact by construction.
 *
 * A project's `list_version` (projects.list_version) is bumped by database triggers in the same transaction as
 * every write that can change one of its list responses (apps/server/src/db/sql/list-version-triggers.sql), and
 * the route reads it from the database on every request (the project row of the route scope), before the list
 * query runs. An entry is keyed by that version, the project's updated_at and the request's normalised parameters
 * (context, filters, order, grouping, page, sub_issue, shape, the viewer's visibility and time zone: everything the
 * page's SQL is built from), so a hit is a response the database would produce again right now; a write makes
 * every older entry of the project unreachable. The stored value is the serialized HTTP body, sent as-is.
 *
 * Per process, bounded (entries and bytes, least recently used out first); correctness never depends on it.
 */
export interface ListCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

export const DEFAULT_LIST_CACHE_LIMITS: ListCacheLimits = { maxEntries: 500, maxBytes: 64 * 1024 * 1024 };

/** The project generation a response belongs to. */
export interface ListGeneration {
  projectId: string;
  listVersion: number;
  updatedAt: Date;
}

/** Orderings that read rows no project trigger covers (users' names live in `users`): never cached. */
const UNCACHED_ORDER_FIELDS = new Set(["assignees__first_name"]);

export class ListCache {
  /** Off: every request runs the engine and the route returns the object (the uncached path). */
  enabled = true;
  hits = 0;
  misses = 0;
  private entries = new Map<string, Buffer>();
  private inflight = new Map<string, Promise<Buffer>>();
  private bytes = 0;
  /** Per project: the newest generation seen and the keys stored under it. */
  private projects = new Map<string, { version: number; updatedAt: number; keys: Set<string> }>();

  constructor(private limits: ListCacheLimits = DEFAULT_LIST_CACHE_LIMITS) {}

  get size() {
    return this.entries.size;
  }

  get byteSize() {
    return this.bytes;
  }

  /** Whether this request may be served from / stored in the cache. */
  cacheable(req: ListRequest): boolean {
    // a person's workspace drafts belong to no project generation (their table bumps no list_version)
    return this.enabled && !UNCACHED_ORDER_FIELDS.has(req.order.field) && req.context.kind !== "workspace_drafts";
  }

  /**
   * The cache key of one list page of a project generation: the generation and the request's normalised
   * parameters (parsed filters with relative dates already resolved, order, grouping, page, shape, context and
   * the viewer's visibility and time zone) — everything the page's SQL is built from, without building it.
   */
  key(gen: ListGeneration, req: ListRequest, variant: string): string {
    const viewerClass = req.viewer.ownOnly ? `own:${req.viewer.userId}` : "all";
    const params = JSON.stringify([
      variant,
      req.context,
      req.filter,
      req.order,
      req.groupBy ?? null,
      req.subGroupBy ?? null,
      req.page.perPage,
      req.page.offset,
      !!req.parentless,
      req.shape ?? "list",
      !!req.description,
    ]);
    return `${gen.projectId}|${gen.listVersion}|${gen.updatedAt.getTime()}|${viewerClass}|${req.viewer.timezone}|${params}`;
  }

  /**
   * The body for `key`: the stored one, else the one a concurrent request of the same generation is computing
   * (so N clients asking for the same page right after a write run the list query once), else `compute()`'s,
   * which is stored. Sharing an in-flight result is exact: it was computed from a snapshot taken after its
   * requester read the same list_version.
   */
  async fetch(gen: ListGeneration, key: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.get(gen, key);
    if (hit) return hit;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const p = compute().then(
      (body) => {
        this.inflight.delete(key);
        this.set(gen, key, body);
        return body;
      },
      (e: unknown) => {
        this.inflight.delete(key);
        throw e;
      },
    );
    this.inflight.set(key, p);
    return p;
  }

  get(gen: ListGeneration, key: string): Buffer | undefined {
    if (this.observe(gen) !== "current") return undefined;
    const body = this.entries.get(key);
    if (body === undefined) {
      this.misses++;
      return undefined;
    }
    // most recently used last
    this.entries.delete(key);
    this.entries.set(key, body);
    this.hits++;
    return body;
  }

  set(gen: ListGeneration, key: string, body: Buffer): void {
    // a response computed for an older generation (a write landed meanwhile) is never stored
    if (this.observe(gen) !== "current") return;
    if (body.length > this.limits.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.length;
      this.entries.delete(key);
    }
    this.entries.set(key, body);
    this.bytes += body.length;
    this.projects.get(gen.projectId)?.keys.add(key);
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.drop(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.projects.clear();
    this.bytes = 0;
  }

  /** Track the project's newest generation; entries of older generations are dropped at once. */
  private observe(gen: ListGeneration): "current" | "older" {
    const at = gen.updatedAt.getTime();
    const seen = this.projects.get(gen.projectId);
    if (seen && seen.version === gen.listVersion && seen.updatedAt === at) return "current";
    if (seen && (seen.version > gen.listVersion || (seen.version === gen.listVersion && seen.updatedAt > at)))
      return "older";
    if (seen) for (const k of seen.keys) this.drop(k, false);
    this.projects.set(gen.projectId, { version: gen.listVersion, updatedAt: at, keys: new Set() });
    return "current";
  }

  private drop(key: string, untrack = true): void {
    const body = this.entries.get(key);
    if (body === undefined) return;
    this.entries.delete(key);
    this.bytes -= body.length;
    if (!untrack) return;
    const projectId = key.slice(0, key.indexOf("|"));
    const seen = this.projects.get(projectId);
    if (seen) {
      seen.keys.delete(key);
      if (!seen.keys.size) this.projects.delete(projectId);
    }
  }
}

const caches = new WeakMap<AppContext, ListCache>();

/** The list cache of one server instance. */
export function listCacheOf(app: AppContext): ListCache {
  let cache = caches.get(app);
  if (!cache) {
    cache = new ListCache();
    caches.set(app, cache);
  }
  return cache;
}
