import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { WebSocketServer } from "ws";
import * as Y from "yjs";
import { applyAwarenessUpdate, encodeAwarenessUpdate } from "y-protocols/awareness";
import { Hocuspocus, type Document } from "@hocuspocus/server";
import { eq } from "drizzle-orm";
import { isCollabPath } from "@stride/shared";
import type { AppContext } from "../core/context.ts";
import { originTrust } from "../http/security.ts";
import { resolveSession } from "../http/session.ts";
import { schema } from "../db/client.ts";
import { stillSignedIn } from "../domain/live-access.ts";
import { keepPageVersion } from "../domain/page-versions.ts";
import { pageAccess } from "./access.ts";
import { COLLAB_ACCESS_PREFIX, COLLAB_CHANNEL, COLLAB_KIND, lockedDoc, publishCollab, sameContent } from "./content.ts";
import { storedContent } from "./document.ts";

/**
 * Origin of what this server applies from elsewhere (the relay, the database): never relayed or stored again. The
 * value is the origin Hocuspocus itself treats as "from another instance" (it schedules no store for it, as for its
 * Redis extension); any other origin would make every instance store every change.
 */
const REMOTE = "__hocuspocus__redis__origin__";
/** Relay rows older than this are pruned (longer than any store's debounce: a loading server catches up from them). */
const KEEP_MS = 5 * 60_000;
const PRUNE_MS = 60_000;
/** How often every connection's session and page access are checked again (changes are announced at once; this is the safety net). */
const RECHECK_MS = 60_000;

export interface CollabOptions {
  /** quiet time after the last change before the document is stored (Hocuspocus `debounce`) */
  debounceMs?: number;
  /** longest a document goes unstored while it keeps changing */
  maxDebounceMs?: number;
}

interface CollabContext {
  userId: string;
  sessionId: string;
  /** write access when the connection was authenticated */
  write?: boolean;
}

/**
 * Collaborative page editing (issue #9 point 6): a Hocuspocus (Yjs) server on the app's own port, at
 * `/live/collaboration` (websocket upgrade beside `/live/`), one document per page named by the page's id.
 * - Authentication: the session cookie at the upgrade, from a trusted origin; each document's access is the page
 *   rule of its HTTP `description/` calls (access.ts) — read-only connections for readers, refusal for others —
 *   checked again at once when a page's lock, access, archive or project changes, when it is deleted, and when
 *   someone's access is lost (membership, project archive or delete, sign-out: `access:` NOTIFYs, every instance),
 *   and every minute.
 * - Storage: loaded from `pages.description_binary` (built once from the HTML for a page that has none), stored
 *   debounced as the Yjs state, the sanitised HTML and the JSON in one write (document.ts), which also keeps the
 *   page's versions.
 * - Several instances: every update (and awareness change) a server takes from its clients is written to
 *   `page_collab_updates` and announced by NOTIFY with its id; the other servers holding the document apply it.
 *   A store merges the stored state first, so no instance overwrites another's changes.
 */
export async function registerCollab(
  fastify: FastifyInstance,
  app: AppContext,
  opts: CollabOptions = {},
): Promise<Hocuspocus> {
  const origin = randomUUID();
  const trusted = originTrust(app.config);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });
  app.metrics?.realtimeSource("collab", () => wss.clients.size);
  const log = (m: string) => fastify.log.warn(`collab: ${m}`);

  /** The project and workspace of each open document's page (access changes of a project or workspace reach its pages' editors). */
  const scopes = new Map<string, { project: string; workspace: string }>();

  const hocuspocus = new Hocuspocus({
    name: origin,
    quiet: true,
    debounce: opts.debounceMs ?? 2000,
    maxDebounce: opts.maxDebounceMs ?? 10_000,
    async onAuthenticate({ documentName, context, connectionConfig }) {
      const ctx = context as CollabContext;
      const access = await pageAccess(app.sql, ctx.userId, documentName);
      if (!access) throw new Error("forbidden");
      connectionConfig.readOnly = !access.write;
      return { write: access.write };
    },
    async onLoadDocument({ documentName, document }) {
      const state = await app.db.transaction(async (tx) => {
        const r = await lockedDoc(tx, documentName);
        if (!r) throw new Error("page not found");
        scopes.set(documentName, { project: r.row.projectId, workspace: r.row.workspaceId });
        return Y.encodeStateAsUpdate(r.doc);
      });
      Y.applyUpdate(document, state, REMOTE);
      await catchUp(documentName, document);
      document.awareness.on(
        "update",
        ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, from: unknown) => {
          if (from === REMOTE) return;
          const changed = [...added, ...updated, ...removed];
          if (changed.length)
            void publishCollab(
              app.db,
              documentName,
              COLLAB_KIND.awareness,
              encodeAwarenessUpdate(document.awareness, changed),
              origin,
            ).catch((e) => log(String(e)));
        },
      );
    },
    async onChange({ documentName, update, transactionOrigin }) {
      if (transactionOrigin === REMOTE) return;
      await publishCollab(app.db, documentName, COLLAB_KIND.update, update, origin).catch((e) =>
        log(`relay failed: ${String(e)}`),
      );
    },
    async afterUnloadDocument({ documentName }) {
      scopes.delete(documentName);
    },
    async onStoreDocument({ documentName, document, context }) {
      await store(documentName, document, (context as CollabContext).userId).catch((e) => {
        log(`store of ${documentName} failed: ${e instanceof Error ? e.stack : String(e)}`);
        throw e;
      });
    },
  });

  /** Store the document's three forms, merged with what is stored (another instance may have stored more). */
  async function store(pageId: string, document: Document, userId: string): Promise<void> {
    await app.db.transaction(async (tx) => {
      const r = await lockedDoc(tx, pageId);
      if (!r) return;
      const missing = Y.encodeStateAsUpdate(r.doc, Y.encodeStateVector(document));
      Y.applyUpdate(document, missing, REMOTE);
      const content = storedContent(document);
      if (r.row.descriptionBinary?.equals(content.descriptionBinary)) return;
      if (sameContent(r.row, content) || !userId) {
        await tx
          .update(schema.pages)
          .set({ descriptionBinary: content.descriptionBinary })
          .where(eq(schema.pages.id, pageId));
        return;
      }
      const [saved] = await tx
        .update(schema.pages)
        .set({ ...content, updatedAt: new Date(), updatedById: userId })
        .where(eq(schema.pages.id, pageId))
        .returning();
      await keepPageVersion(tx, r.row, saved!, userId);
    });
  }

  // --- the relay: updates of the other instances and of HTTP writes ---
  type Row = { id: number; kind: number; payload: Buffer; origin: string };
  const liveDoc = async (pageId: string): Promise<Document | null> => {
    const loading = hocuspocus.loadingDocuments.get(pageId);
    if (loading) return loading.catch(() => null);
    return hocuspocus.documents.get(pageId) ?? null;
  };
  const apply = (doc: Document, row: Row) => {
    if (row.origin === origin) return;
    if (row.kind === COLLAB_KIND.update) Y.applyUpdate(doc, row.payload, REMOTE);
    else if (row.kind === COLLAB_KIND.awareness) applyAwarenessUpdate(doc.awareness, row.payload, REMOTE);
  };
  /** Apply the updates the relay still holds for the page (after loading, and after the LISTEN connection was away). */
  async function catchUp(pageId: string, doc: Document): Promise<void> {
    const rows = await app.sql<Row[]>`
      SELECT id, kind, payload, origin FROM page_collab_updates WHERE page = ${pageId} AND kind = ${COLLAB_KIND.update} ORDER BY id`;
    for (const row of rows) apply(doc, row);
  }
  async function onNotify(payload: string): Promise<void> {
    if (payload.startsWith(COLLAB_ACCESS_PREFIX)) return accessChanged(payload.slice(COLLAB_ACCESS_PREFIX.length));
    const [pageId, id] = payload.split(":");
    if (!pageId || !id || (!hocuspocus.documents.has(pageId) && !hocuspocus.loadingDocuments.has(pageId))) return;
    const [row] = await app.sql<Row[]>`SELECT id, kind, payload, origin FROM page_collab_updates WHERE id = ${id}`;
    const doc = await liveDoc(pageId);
    if (row && doc) apply(doc, row);
  }

  /** `<scope>:<id>` of an `access:` NOTIFY: check again the connections it may concern. */
  async function accessChanged(what: string): Promise<void> {
    const [scope, id] = what.split(":");
    if (!id) return;
    if (scope === "page") {
      const doc = await liveDoc(id);
      if (!doc) return;
      // a page moved to another project: its editors follow that project's access changes from now on
      const [moved] = await app.sql<
        { project: string; workspace: string }[]
      >`SELECT project, workspace FROM pages WHERE id = ${id}`;
      if (moved) scopes.set(id, moved);
      return recheck(doc);
    }
    for (const doc of hocuspocus.documents.values()) {
      if (scope === "user") void recheck(doc, id);
      else if ((scope === "project" || scope === "workspace") && scopes.get(doc.name)?.[scope] === id)
        void recheck(doc);
    }
  }

  /**
   * Close the connections (of `userId` only, when given) that may no longer read the page, or whose write access
   * changed (they reconnect with the new one).
   */
  async function recheck(doc: Document, userId?: string): Promise<void> {
    for (const connection of doc.getConnections()) {
      const ctx = connection.context as CollabContext;
      if (userId && ctx.userId !== userId) continue;
      try {
        const signedIn = await stillSignedIn(app.sql, ctx.userId, ctx.sessionId);
        const access = signedIn ? await pageAccess(app.sql, ctx.userId, doc.name) : null;
        // the whole socket goes (the provider reconnects and authenticates again: refused, or with the new access)
        if (!access || access.write !== ctx.write)
          connection.webSocket.close(4403, access ? "access changed" : "forbidden");
      } catch {
        // the database is away: try again at the next check
      }
    }
  }

  let listener: { unlisten: () => Promise<void> } | null = null;
  let started: Promise<void> | null = null;
  const start = async () => {
    let first = true;
    listener = await app.sql.listen(
      COLLAB_CHANNEL,
      (p) => void onNotify(p).catch((e) => log(String(e))),
      () => {
        // (re)connected: what was announced while the connection was away is caught up from the table
        if (!first)
          for (const doc of hocuspocus.documents.values()) void catchUp(doc.name, doc).catch((e) => log(String(e)));
        first = false;
      },
    );
  };
  const timers = [
    setInterval(
      () =>
        void app.sql`DELETE FROM page_collab_updates WHERE created_at < ${new Date(Date.now() - KEEP_MS)}`.catch(
          () => {},
        ),
      PRUNE_MS,
    ),
    setInterval(() => {
      for (const doc of hocuspocus.documents.values()) void recheck(doc);
    }, RECHECK_MS),
  ];
  for (const t of timers) t.unref();

  const refuse = (socket: Duplex, status: number, text: string) => {
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ detail: text })}`,
    );
  };

  fastify.server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (!isCollabPath(url.pathname)) return;
    void (async () => {
      const from = req.headers.origin;
      if (typeof from === "string" && !trusted({ host: req.headers.host ?? "" } as FastifyRequest, from))
        return refuse(socket, 403, "Forbidden");
      const cookies = fastify.parseCookie(req.headers.cookie ?? "");
      const s = await resolveSession(app, { cookies } as unknown as FastifyRequest, "app");
      if (!s) return refuse(socket, 401, "Unauthorized");
      // LISTEN starts with the first socket; a failed start (database away) is tried again by the next one
      started ??= start().catch((e) => {
        started = null;
        throw e;
      });
      await started;
      const context: CollabContext = { userId: s.user.id, sessionId: s.sessionId };
      wss.handleUpgrade(req, socket, head, (ws) => hocuspocus.handleConnection(ws, req, context));
    })().catch((e) => {
      log(`upgrade failed: ${e instanceof Error ? e.message : String(e)}`);
      refuse(socket, 503, "Service Unavailable");
    });
  });

  fastify.addHook("preClose", async () => {
    for (const t of timers) clearInterval(t);
    // store what is pending, then let go of every connection
    await Promise.all(
      [...hocuspocus.documents.values()].map(async (doc) => {
        const id = `onStoreDocument-${doc.name}`;
        if (hocuspocus.debouncer.isDebounced(id))
          await Promise.resolve(hocuspocus.debouncer.executeNow(id)).catch(() => {});
      }),
    );
    hocuspocus.closeConnections();
    for (const ws of wss.clients) ws.terminate();
    await listener?.unlisten().catch(() => {});
  });
  return hocuspocus;
}
