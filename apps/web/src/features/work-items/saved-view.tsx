/** A saved view's pieces (ViewPage.tsx): its choices, its title, its actions (favourite, lock, access). */
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { Globe, Lock, LockOpen, Star } from "lucide-react";
import { globalListPrefs, type DisplayFilters, VIEW_ACCESS } from "@stride/shared";
import { useFavoriteView, useUpdateView, type IssueView } from "../../api/views.ts";
import { cx } from "../../components/ui/index.ts";
import { mergePrefs, type ContextKind, type PrefsPatch } from "./context.tsx";
import { prefsFrom, type Prefs } from "./lib/list-view.ts";

/**
 * The view's choices: saved on it when `saves`, else kept on this screen (filters stay as saved: the server applies
 * them anyway). `forget` drops what this screen kept (the view was locked or unlocked).
 */
export function useSavedViewPrefs(
  view: IssueView,
  slug: string,
  place: string | null,
  kind: ContextKind,
  saves: boolean,
) {
  const update = useUpdateView(slug, place);
  // choices that are not saved on the view (someone else's or a locked view): kept on this screen only
  const [overlay, setOverlay] = useState<Prefs | null>(null);
  const saved = useMemo(() => {
    const raw = {
      filters: view.filters,
      display_filters: view.display_filters as Partial<DisplayFilters> as DisplayFilters,
      display_properties: view.display_properties as Prefs["display_properties"],
    };
    // a global view without a saved layout opens as a spreadsheet, newest first
    return kind === "global_view" ? globalListPrefs(raw) : prefsFrom(raw);
  }, [view.filters, view.display_filters, view.display_properties, kind]);
  const prefs = overlay ?? saved;
  const updatePrefs = (p: PrefsPatch) => {
    const { next, df } = mergePrefs(prefs, p, kind);
    if (!saves) {
      // filters of a view that does not save stay as saved (the server applies them anyway)
      setOverlay({ ...next, filters: prefs.filters });
      return;
    }
    update.mutate({
      id: view.id,
      ...(p.filters ? { filters: next.filters } : {}),
      ...(df ? { display_filters: df } : {}),
      ...(p.display_properties ? { display_properties: next.display_properties } : {}),
    });
  };
  return { prefs, updatePrefs, forget: () => setOverlay(null) };
}

const iconBtn = "inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-fg-muted hover:bg-fill";

/** Favourite, lock and access (public / private) of a view, as the caller may. */
export function SavedViewActions({
  view,
  slug,
  place,
  mayEdit,
  mayFavorite,
  onLockChange,
}: {
  view: IssueView;
  slug: string;
  place: string | null;
  mayEdit: boolean;
  mayFavorite: boolean;
  onLockChange: () => void;
}) {
  const update = useUpdateView(slug, place);
  // global views have no favourites here (mayFavorite false): the hook is asked about no project
  const favorite = useFavoriteView(slug, place ?? "");
  const isPrivate = view.access === VIEW_ACCESS.private;
  return (
    <>
      {mayFavorite && (
        <button
          type="button"
          className={iconBtn}
          aria-pressed={view.is_favorite}
          aria-label={view.is_favorite ? "Remove from favorites" : "Add to favorites"}
          title={view.is_favorite ? "Remove from favorites" : "Add to favorites"}
          onClick={() => favorite.mutate({ id: view.id, favorite: !view.is_favorite })}
        >
          <Star size={16} aria-hidden className={cx(view.is_favorite && "fill-amber-400 text-amber-500")} />
        </button>
      )}
      {mayEdit && (
        <button
          type="button"
          className={iconBtn}
          aria-pressed={view.is_locked}
          onClick={() => {
            onLockChange();
            update.mutate({ id: view.id, is_locked: !view.is_locked });
          }}
        >
          {view.is_locked ? <Lock size={14} aria-hidden /> : <LockOpen size={14} aria-hidden />}
          {view.is_locked ? "Unlock" : "Lock"}
        </button>
      )}
      {mayEdit && !view.is_locked && (
        <button
          type="button"
          className={iconBtn}
          onClick={() => update.mutate({ id: view.id, access: isPrivate ? VIEW_ACCESS.public : VIEW_ACCESS.private })}
        >
          {isPrivate ? <Lock size={14} aria-hidden /> : <Globe size={14} aria-hidden />}
          {isPrivate ? "Make public" : "Make private"}
        </button>
      )}
    </>
  );
}

/** "Views / name", with Locked and Private marks. */
export function SavedViewTitle({ view, viewsPath }: { view: IssueView; viewsPath: string }) {
  return (
    <span className="flex items-center gap-2">
      <Link to={viewsPath} className="text-fg-subtle hover:underline">
        Views
      </Link>
      <span aria-hidden className="text-fg-faint">
        /
      </span>
      <span>{view.name}</span>
      {view.is_locked && (
        <span className="inline-flex items-center gap-1 rounded bg-fill px-1.5 text-xs text-fg-muted">
          <Lock size={10} aria-hidden />
          Locked
        </span>
      )}
      {view.access === VIEW_ACCESS.private && (
        <span className="rounded bg-fill px-1.5 text-xs text-fg-muted">Private</span>
      )}
    </span>
  );
}
