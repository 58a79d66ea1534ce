import { useEffect, useMemo, useRef, useState } from "react";
import { PAGE_NAME_AUTOSAVE_MS } from "@stride/shared";
import { useSavePageContent, useUpdatePage, type PageDetail } from "../../api/pages.ts";
import { useMe } from "../../api/users.ts";
import { displayName } from "../../components/work-item/properties.tsx";
import { useToast } from "../../components/ui/index.ts";
import { collabColor } from "../../components/editor/collab.ts";
import { usePageCollab } from "./collab.ts";

/** platform.md §4: the save status of the page's name and content. */
export type SaveStatus = "saved" | "submitting" | "submitted";
export const STATUS_TEXT: Record<SaveStatus, string> = {
  saved: "Saved",
  submitting: "Saving…",
  submitted: "Changes saved",
};

/**
 * The page's save status: "Saving…" while any save runs (or the name waits for its autosave, `nameTimer`), "Changes
 * saved" for 2 s once they are all done, then "Saved".
 */
function useSaveStatus() {
  const [status, setStatus] = useState<SaveStatus>("saved");
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saving = useRef(0);
  const nameTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const began = () => {
    saving.current += 1;
    setStatus("submitting");
  };
  const ended = (ok: boolean) => {
    saving.current -= 1;
    // a name still waiting for its autosave keeps the page "Saving…"
    if (saving.current > 0 || nameTimer.current) return;
    setStatus(ok ? "submitted" : "saved");
    if (settle.current) clearTimeout(settle.current);
    settle.current = setTimeout(() => setStatus((s) => (s === "submitted" ? "saved" : s)), 2000);
  };
  useEffect(
    () => () => {
      if (settle.current) clearTimeout(settle.current);
      if (nameTimer.current) clearTimeout(nameTimer.current);
    },
    [],
  );
  return { status, setStatus, began, ended, nameTimer };
}
type Saves = ReturnType<typeof useSaveStatus>;

/** The name: autosaved 2 s after the last keystroke (or on leaving the field), put back when the save fails. */
function usePageName(slug: string, projectId: string, page: PageDetail, saves: Saves) {
  const { began, ended, nameTimer } = saves;
  const update = useUpdatePage(slug, projectId, page.id);
  const [name, setName] = useState(page.name);
  const nameDirty = useRef(false);
  useEffect(() => {
    if (!nameDirty.current) setName(page.name);
  }, [page.name]);
  const saveName = (value: string) => {
    nameTimer.current = null;
    const saved = page.name;
    began();
    update.mutate(
      { name: value.trim() },
      {
        onSuccess: () => {
          nameDirty.current = false;
          ended(true);
        },
        onError: () => {
          nameDirty.current = false;
          setName(saved);
          ended(false);
        },
      },
    );
  };
  const onName = (value: string) => {
    setName(value);
    nameDirty.current = true;
    saves.setStatus("submitting");
    if (nameTimer.current) clearTimeout(nameTimer.current);
    nameTimer.current = setTimeout(() => saveName(value), PAGE_NAME_AUTOSAVE_MS);
  };
  const onNameBlur = () => {
    if (nameTimer.current) {
      clearTimeout(nameTimer.current);
      saveName(name);
    }
  };
  return { name, onName, onNameBlur };
}

/**
 * The content: the page's shared Yjs document (collab.ts), saved by the collaboration server as it changes; the
 * status follows what the server has confirmed. A restored version goes through description/ (the server applies it
 * to the live document).
 */
function usePageContent(slug: string, projectId: string, page: PageDetail, saves: Saves) {
  const { began, ended } = saves;
  const meUser = useMe().data;
  const toast = useToast();
  const collabUser = useMemo(
    () =>
      meUser
        ? { id: meUser.id, name: displayName(meUser), color: collabColor(meUser.id), avatar: meUser.avatar_url || null }
        : null,
    [meUser],
  );
  const collab = usePageCollab(page.id, collabUser);
  const unsynced = collab?.unsynced ?? 0;
  const hadUnsynced = useRef(false);
  useEffect(() => {
    if (unsynced > 0) {
      hadUnsynced.current = true;
      began();
    } else if (hadUnsynced.current) {
      hadUnsynced.current = false;
      ended(true);
    }
    // began/ended only touch refs and state setters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unsynced > 0]);
  const save = useSavePageContent(slug, projectId, page.id);
  const restore = (html: string) => {
    began();
    save.mutate(html || "<p></p>", {
      onSuccess: () => {
        ended(true);
        toast.show("success", "Version restored");
      },
      onError: () => ended(false),
    });
  };
  return { collab, collabUser, restore };
}

/** The page's name and content with their save status. */
export function usePageSave(slug: string, projectId: string, page: PageDetail) {
  const saves = useSaveStatus();
  const name = usePageName(slug, projectId, page, saves);
  const content = usePageContent(slug, projectId, page, saves);
  return { status: saves.status, ...name, ...content };
}
