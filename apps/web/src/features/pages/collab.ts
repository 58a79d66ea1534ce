import { useEffect, useState } from "react";
import * as Y from "yjs";
import { HocuspocusProvider } from "@hocuspocus/provider";
import { COLLAB_PATH } from "@stride/shared";
import type { CollabUser } from "../../components/editor/collab.ts";

/** What the page screen knows of its live document. */
export interface PageCollab {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  /** connecting until the first sync; failed when the server refused the page */
  status: "connecting" | "synced" | "failed";
  /** the server connected us read-only (we may read but not write, or the page is locked or archived) */
  readOnly: boolean;
  /** changes typed here that the server has not confirmed yet */
  unsynced: number;
  /** the others on the page now (one entry per person) */
  others: CollabUser[];
}

const collabUrl = () => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${COLLAB_PATH}`;

/**
 * The page's shared Yjs document, from the collaboration server on the app's own origin (the session cookie
 * authenticates the socket); `me` is announced to the others (name and colour of the caret, the header's avatars).
 */
export function usePageCollab(pageId: string, me: CollabUser | null): PageCollab | null {
  const [state, setState] = useState<PageCollab | null>(null);
  const meKey = me ? `${me.id}|${me.name}|${me.color}|${me.avatar ?? ""}` : "";
  useEffect(() => {
    if (!me) return;
    const doc = new Y.Doc();
    let current: PageCollab;
    const set = (patch: Partial<PageCollab>) => {
      current = { ...current, ...patch };
      setState(current);
    };
    const provider = new HocuspocusProvider({
      url: collabUrl(),
      name: pageId,
      document: doc,
      // the socket is authenticated by the session cookie; Hocuspocus still sends a token per document
      token: "session",
      onAuthenticated: ({ scope }) => set({ readOnly: scope === "readonly" }),
      onAuthenticationFailed: () => set({ status: "failed" }),
      onSynced: ({ state: ok }) => {
        if (ok) set({ status: "synced" });
      },
      onUnsyncedChanges: ({ number }) => set({ unsynced: number }),
      onAwarenessChange: ({ states }) => {
        const seen = new Map<string, CollabUser>();
        for (const s of states as unknown as { clientId: number; user?: CollabUser }[]) {
          if (s.clientId === doc.clientID || !s.user?.id || s.user.id === me.id) continue;
          seen.set(s.user.id, s.user);
        }
        set({ others: [...seen.values()] });
      },
    });
    provider.setAwarenessField("user", me);
    current = { doc, provider, status: "connecting", readOnly: false, unsynced: 0, others: [] };
    setState(current);
    return () => {
      provider.destroy();
      doc.destroy();
      setState(null);
    };
    // meKey stands for `me`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageId, meKey]);
  return state;
}
