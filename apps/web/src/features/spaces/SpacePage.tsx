import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useMe } from "../../api/users.ts";
import { ApiError } from "../../api/client.ts";
import { spaceAnchorOf, spaceIssuesQuery, spaceQuery, type SpaceData } from "../../api/publish.ts";
import { Button, EmptyState, PageSpinner, cx } from "../../components/ui/index.ts";
import { byState, LAYOUTS, SpaceLayout } from "./SpaceBoards.tsx";
import { IssuePeek } from "./IssuePeek.tsx";
import { RequestPanel } from "./RequestPanel.tsx";

export function SpaceNotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <EmptyState
        title="This project is not published"
        description="The link may be old, or the project was unpublished. Ask its team for a new link."
      />
    </main>
  );
}

/** `/spaces/{slug}/{projectId}`: find the published board and go to its page, keeping `board` and `peekId`. */
export function SpaceRedirect() {
  const { slug = "", projectId = "" } = useParams();
  const [params] = useSearchParams();
  const nav = useNavigate();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let live = true;
    spaceAnchorOf(slug, projectId).then(
      (b) => {
        if (live) nav(`/spaces/issues/${b.anchor}${params.toString() ? `?${params}` : ""}`, { replace: true });
      },
      () => {
        if (live) setMissing(true);
      },
    );
    return () => {
      live = false;
    };
  }, [slug, projectId, params, nav]);
  return missing ? <SpaceNotFound /> : <PageSpinner />;
}

/** `/spaces/issues/{anchor}`: the published project's board or list, read-only; an item opens beside it. */
export function SpacePage() {
  const { anchor = "" } = useParams();
  const space = useQuery(spaceQuery(anchor));
  if (space.isLoading) return <PageSpinner />;
  if (!space.data)
    return space.error instanceof ApiError && space.error.status === 404 ? (
      <SpaceNotFound />
    ) : (
      <EmptyState title="Could not load this project" description="Try again in a moment." />
    );
  return <SpaceScreen anchor={anchor} space={space.data} />;
}

/** The loaded space: its header, its items in the layout picked, and the request panel or an item beside them. */
function SpaceScreen({ anchor, space }: { anchor: string; space: SpaceData }) {
  const [params, setParams] = useSearchParams();
  const [requesting, setRequesting] = useState(false);
  const issues = useQuery(spaceIssuesQuery(anchor));
  const me = useMe();
  const { meta, states, settings, labels } = space;
  const layouts = LAYOUTS.filter((l) => settings.view_props?.[l.key]);
  const asked = params.get("board");
  const layout = layouts.find((l) => l.key === asked) ?? layouts[0] ?? LAYOUTS[1];
  const peekId = params.get("peekId");
  const grouped = useMemo(() => byState(issues.data), [issues.data]);
  const flat = useMemo(() => Object.values(grouped).flat(), [grouped]);
  const setParam = (key: string, value: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });
  const here = `/spaces/${settings.entity_name === "view" ? "views" : "issues"}/${anchor}`;
  const signInLink = `/?next_path=${encodeURIComponent(here)}`;
  const signedIn = !!me.data;

  return (
    <div className="flex min-h-screen flex-col">
      <SpaceHeader
        space={space}
        layouts={layouts}
        layout={layout}
        onLayout={(key) => setParam("board", key)}
        onRequest={() => setRequesting(true)}
        me={me.data?.display_name ?? null}
        signInLink={signInLink}
      />
      <div className="flex min-h-0 flex-1">
        <main className="min-w-0 flex-1 overflow-auto p-4" aria-label={layout.name}>
          {issues.isLoading ? (
            <PageSpinner />
          ) : (
            <SpaceLayout
              layout={layout.key}
              states={states}
              labels={labels}
              grouped={grouped}
              flat={flat}
              identifier={meta.identifier}
              onOpen={(id) => setParam("peekId", id)}
            />
          )}
        </main>
        {requesting && settings.intake && !peekId && (
          <RequestPanel
            anchor={anchor}
            intakeId={settings.intake}
            projectName={meta.name}
            signedIn={signedIn}
            signInLink={signInLink}
            onClose={() => setRequesting(false)}
          />
        )}
        {peekId && (
          <IssuePeek
            key={peekId}
            anchor={anchor}
            issueId={peekId}
            identifier={meta.identifier}
            states={states}
            signedIn={signedIn}
            signInLink={signInLink}
            comments={settings.is_comments_enabled}
            reactions={settings.is_reactions_enabled}
            votes={settings.is_votes_enabled}
            onClose={() => setParam("peekId", null)}
          />
        )}
      </div>
    </div>
  );
}

type Layout = (typeof LAYOUTS)[number];

/** The space's title, its layout switcher, the request button and who is signed in. */
function SpaceHeader({
  space: { meta, settings },
  layouts,
  layout,
  onLayout,
  onRequest,
  me,
  signInLink,
}: {
  space: SpaceData;
  layouts: Layout[];
  layout: Layout;
  onLayout: (key: Layout["key"]) => void;
  onRequest: () => void;
  me: string | null;
  signInLink: string;
}) {
  const title = settings.view_details ? settings.view_details.name : meta.name;
  return (
    <header className="flex flex-wrap items-center gap-3 border-b border-line px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-xs text-fg-subtle">
          {settings.workspace_detail.name}
          {settings.view_details ? ` · ${meta.name}` : ""}
        </p>
        <h1 className="truncate text-lg font-semibold">{title}</h1>
      </div>
      {layouts.length > 1 && (
        <div role="group" aria-label="Layout" className="flex rounded-md border border-line-raised">
          {layouts.map((l) => (
            <button
              key={l.key}
              type="button"
              aria-pressed={layout.key === l.key}
              onClick={() => onLayout(l.key)}
              className={cx("px-3 py-1 text-sm", layout.key === l.key ? "bg-fill font-medium" : "text-fg-subtle")}
            >
              {l.name}
            </button>
          ))}
        </div>
      )}
      {settings.intake && (
        <Button variant="secondary" onClick={onRequest}>
          Send a request
        </Button>
      )}
      {me !== null ? (
        <span className="text-sm text-fg-subtle">Signed in as {me}</span>
      ) : (
        <a className="text-sm text-blue-600 hover:underline" href={signInLink}>
          Sign in
        </a>
      )}
    </header>
  );
}
