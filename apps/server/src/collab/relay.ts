import type { Document, Hocuspocus } from "@hocuspocus/server";
import * as Y from "yjs";
import { applyAwarenessUpdate, encodeAwarenessUpdate } from "y-protocols/awareness";
import type { AppContext } from "../core/context.ts";
import { stillSignedIn } from "../domain/live-access.ts";
import { pageAccess } from "./access.ts";
import { COLLAB_ACCESS_PREFIX, COLLAB_CHANNEL, COLLAB_KIND, publishCollab } from "./content.ts";

/**
 * Origin of what this server applies from elsewhere (the relay, the database): never relayed or stored again. The
 * value is the origin Hocuspocus itself treats as "from another instance" (it schedules no store for it, as for its
 * Redis extension); any other origin would make every instance store every change.
 */
export const REMOTE = "__hocuspocus__redis__origin__";
/** Relay rows older than this are pruned (longer than any store's debounce: a loading server catches up from them). */
const KEEP_MS = 5 * 60_000;
const PRUNE_MS = 60_000;
/** How often every connection's session and page access are checked again (changes are announced at once; this is the safety net). */
const RECHECK_MS = 60_000;

export interface CollabContext {
  userId: string;
  sessionId: string;
  /** write access when the connection was authenticated */
  write?: boolean;
}

type Row = { id: number; kind: number; payload: Buffer; origin: string };

/**
 * The collaboration servers' relay (server.ts): what this instance's clients change goes to `page_collab_updates`
 * with a NOTIFY; what the other instances and HTTP writes announce is applied to the documents held here; `access:`
 * announcements (and a check every minute) close the connections that may no longer read a page or whose write
 * access changed.
 */
export class CollabRelay {
  /** The project and workspace of each open document's page (access changes of a project or workspace reach its pages' editors). */
  readonly scopes = new Map<string, { project: string; workspace: string }>();
  /** The server whose documents the relay serves (set once it is made). */
  hocuspocus!: Hocuspocus;
  private listener: { unlisten: () => Promise<void> } | null = null;
  private started: Promise<void> | null = null;
  private readonly timers: NodeJS.Timeout[];

  constructor(
    private readonly app: AppContext,
    /** This server's origin on the relay's rows (its own rows are not applied again). */
    readonly origin: string,
    private readonly log: (m: string) => void,
  ) {
    this.timers = [
      setInterval(
        () =>
          void app.sql`DELETE FROM page_collab_updates WHERE created_at < ${new Date(Date.now() - KEEP_MS)}`.catch(
            () => {},
          ),
        PRUNE_MS,
      ),
      setInterval(() => {
        for (const doc of this.hocuspocus.documents.values()) void this.recheck(doc);
      }, RECHECK_MS),
    ];
    for (const t of this.timers) t.unref();
  }

  /** Relay the awareness changes of this server's clients on a loaded document. */
  relayAwareness(documentName: string, document: Document): void {
    document.awareness.on(
      "update",
      ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, from: unknown) => {
        if (from === REMOTE) return;
        const changed = [...added, ...updated, ...removed];
        if (changed.length)
          void publishCollab(
            this.app.db,
            documentName,
            COLLAB_KIND.awareness,
            encodeAwarenessUpdate(document.awareness, changed),
            this.origin,
          ).catch((e) => this.log(String(e)));
      },
    );
  }

  /** Relay an update of this server's clients. */
  async relayUpdate(documentName: string, update: Uint8Array): Promise<void> {
    await publishCollab(this.app.db, documentName, COLLAB_KIND.update, update, this.origin).catch((e) =>
      this.log(`relay failed: ${String(e)}`),
    );
  }

  /** LISTEN starts with the first socket; a failed start (database away) is tried again by the next one. */
  async listen(): Promise<void> {
    this.started ??= this.start().catch((e) => {
      this.started = null;
      throw e;
    });
    await this.started;
  }

  private async start(): Promise<void> {
    let first = true;
    this.listener = await this.app.sql.listen(
      COLLAB_CHANNEL,
      (p) => void this.onNotify(p).catch((e) => this.log(String(e))),
      () => {
        // (re)connected: what was announced while the connection was away is caught up from the table
        if (!first)
          for (const doc of this.hocuspocus.documents.values())
            void this.catchUp(doc.name, doc).catch((e) => this.log(String(e)));
        first = false;
      },
    );
  }

  /** Stop the pruning and the checks every minute. */
  stopTimers(): void {
    for (const t of this.timers) clearInterval(t);
  }

  /** Stop listening (at close, after the connections are gone). */
  async unlisten(): Promise<void> {
    await this.listener?.unlisten().catch(() => {});
  }

  private async liveDoc(pageId: string): Promise<Document | null> {
    const loading = this.hocuspocus.loadingDocuments.get(pageId);
    if (loading) return loading.catch(() => null);
    return this.hocuspocus.documents.get(pageId) ?? null;
  }

  private apply(doc: Document, row: Row): void {
    if (row.origin === this.origin) return;
    if (row.kind === COLLAB_KIND.update) Y.applyUpdate(doc, row.payload, REMOTE);
    else if (row.kind === COLLAB_KIND.awareness) applyAwarenessUpdate(doc.awareness, row.payload, REMOTE);
  }

  /** Apply the updates the relay still holds for the page (after loading, and after the LISTEN connection was away). */
  async catchUp(pageId: string, doc: Document): Promise<void> {
    const rows = await this.app.sql<Row[]>`
      SELECT id, kind, payload, origin FROM page_collab_updates WHERE page = ${pageId} AND kind = ${COLLAB_KIND.update} ORDER BY id`;
    for (const row of rows) this.apply(doc, row);
  }

  private async onNotify(payload: string): Promise<void> {
    if (payload.startsWith(COLLAB_ACCESS_PREFIX)) return this.accessChanged(payload.slice(COLLAB_ACCESS_PREFIX.length));
    const [pageId, id] = payload.split(":");
    const hp = this.hocuspocus;
    if (!pageId || !id || (!hp.documents.has(pageId) && !hp.loadingDocuments.has(pageId))) return;
    const [row] = await this.app.sql<Row[]>`SELECT id, kind, payload, origin FROM page_collab_updates WHERE id = ${id}`;
    const doc = await this.liveDoc(pageId);
    if (row && doc) this.apply(doc, row);
  }

  /** `<scope>:<id>` of an `access:` NOTIFY: check again the connections it may concern. */
  private async accessChanged(what: string): Promise<void> {
    const [scope, id] = what.split(":");
    if (!id) return;
    if (scope === "page") {
      const doc = await this.liveDoc(id);
      if (!doc) return;
      // a page moved to another project: its editors follow that project's access changes from now on
      const [moved] = await this.app.sql<
        { project: string; workspace: string }[]
      >`SELECT project, workspace FROM pages WHERE id = ${id}`;
      if (moved) this.scopes.set(id, moved);
      return this.recheck(doc);
    }
    for (const doc of this.hocuspocus.documents.values()) {
      if (scope === "user") void this.recheck(doc, id);
      else if ((scope === "project" || scope === "workspace") && this.scopes.get(doc.name)?.[scope] === id)
        void this.recheck(doc);
    }
  }

  /**
   * Close the connections (of `userId` only, when given) that may no longer read the page, or whose write access
   * changed (they reconnect with the new one).
   */
  private async recheck(doc: Document, userId?: string): Promise<void> {
    for (const connection of doc.getConnections()) {
      const ctx = connection.context as CollabContext;
      if (userId && ctx.userId !== userId) continue;
      try {
        const signedIn = await stillSignedIn(this.app.sql, ctx.userId, ctx.sessionId);
        const access = signedIn ? await pageAccess(this.app.sql, ctx.userId, doc.name) : null;
        // the whole socket goes (the provider reconnects and authenticates again: refused, or with the new access)
        if (!access || access.write !== ctx.write)
          connection.webSocket.close(4403, access ? "access changed" : "forbidden");
      } catch {
        // the database is away: try again at the next check
      }
    }
  }
}
