import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { WebSocketServer } from "ws";
import * as Y from "yjs";
import { Hocuspocus, type Document } from "@hocuspocus/server";
import { eq } from "drizzle-orm";
import { isCollabPath } from "@stride/shared";
import type { AppContext } from "../core/context.ts";
import { originTrust } from "../http/security.ts";
import { resolveSession } from "../http/session.ts";
import { schema } from "../db/client.ts";
import { keepPageVersion } from "../domain/page-versions.ts";
import { pageAccess } from "./access.ts";
import { lockedDoc, sameContent } from "./content.ts";
import { storedContent } from "./document.ts";
import { CollabRelay, REMOTE, type CollabContext } from "./relay.ts";

export interface CollabOptions {
  /** quiet time after the last change before the document is stored (Hocuspocus `debounce`) */
  debounceMs?: number;
  /** longest a document goes unstored while it keeps changing */
  maxDebounceMs?: number;
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
  const wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });
  app.metrics?.realtimeSource("collab", () => wss.clients.size);
  const log = (m: string) => fastify.log.warn(`collab: ${m}`);
  const relay = new CollabRelay(app, randomUUID(), log);

  const hocuspocus = new Hocuspocus({
    name: relay.origin,
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
        relay.scopes.set(documentName, { project: r.row.projectId, workspace: r.row.workspaceId });
        return Y.encodeStateAsUpdate(r.doc);
      });
      Y.applyUpdate(document, state, REMOTE);
      await relay.catchUp(documentName, document);
      relay.relayAwareness(documentName, document);
    },
    async onChange({ documentName, update, transactionOrigin }) {
      if (transactionOrigin === REMOTE) return;
      await relay.relayUpdate(documentName, update);
    },
    async afterUnloadDocument({ documentName }) {
      relay.scopes.delete(documentName);
    },
    async onStoreDocument({ documentName, document, context }) {
      await storeDocument(app, documentName, document, (context as CollabContext).userId).catch((e) => {
        log(`store of ${documentName} failed: ${e instanceof Error ? e.stack : String(e)}`);
        throw e;
      });
    },
  });
  relay.hocuspocus = hocuspocus;

  fastify.server.on("upgrade", upgradeHandler(fastify, app, relay, wss, log));
  fastify.addHook("preClose", async () => {
    relay.stopTimers();
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
    await relay.unlisten();
  });
  return hocuspocus;
}

/** Store the document's three forms, merged with what is stored (another instance may have stored more). */
async function storeDocument(app: AppContext, pageId: string, document: Document, userId: string): Promise<void> {
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

const refuse = (socket: Duplex, status: number, text: string) => {
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\n\r\n${JSON.stringify({ detail: text })}`,
  );
};

/** The websocket upgrade at the collaboration path: a trusted origin and a session, then the relay listening. */
function upgradeHandler(
  fastify: FastifyInstance,
  app: AppContext,
  relay: CollabRelay,
  wss: WebSocketServer,
  log: (m: string) => void,
) {
  const trusted = originTrust(app.config);
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (!isCollabPath(url.pathname)) return;
    void (async () => {
      const from = req.headers.origin;
      if (typeof from === "string" && !trusted({ host: req.headers.host ?? "" } as FastifyRequest, from))
        return refuse(socket, 403, "Forbidden");
      const cookies = fastify.parseCookie(req.headers.cookie ?? "");
      const s = await resolveSession(app, { cookies } as unknown as FastifyRequest, "app");
      if (!s) return refuse(socket, 401, "Unauthorized");
      await relay.listen();
      const context: CollabContext = { userId: s.user.id, sessionId: s.sessionId };
      wss.handleUpgrade(req, socket, head, (ws) => relay.hocuspocus.handleConnection(ws, req, context));
    })().catch((e) => {
      log(`upgrade failed: ${e instanceof Error ? e.message : String(e)}`);
      refuse(socket, 503, "Service Unavailable");
    });
  };
}
