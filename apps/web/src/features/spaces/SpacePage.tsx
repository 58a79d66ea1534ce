import { useEffect, useMemo, useState, type FormEvent } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import type { PublicIssue, PublicIssuePage, PublicState } from "@stride/shared/contract";
import { PRIORITIES, type Priority, type PublishLayout } from "@stride/shared";
import { useMe } from "../../api/users.ts";
import { ApiError } from "../../api/client.ts";
import {
  type SpaceData,
  spaceAnchorOf,
  spaceAssetUrl,
  spaceCommentsQuery,
  spaceIssueQuery,
  spaceIssuesQuery,
  spaceQuery,
  spaceRequestsQuery,
  useSpaceComment,
  useSpaceReaction,
  useSpaceRequest,
  useSpaceVote,
} from "../../api/publish.ts";
import { SpaceCalendar, SpaceSpreadsheet, SpaceTimeline } from "./SpaceLayouts.tsx";
import { spaceHtml } from "./space-html.ts";
import { Banner, Button, EmptyState, Input, PageSpinner, Select, Textarea, cx } from "../../components/ui/index.ts";
import { escapeHtml } from "../../lib/html.ts";

/** The reactions the space offers (emoji code points as decimal strings, as the app stores them). */
const SPACE_REACTIONS = [
  { code: "128077", name: "thumbs up" },
  { code: "128078", name: "thumbs down" },
  { code: "127881", name: "party" },
  { code: "10084", name: "heart" },
  { code: "128640", name: "rocket" },
  { code: "128064", name: "eyes" },
];
const emojiOf = (code: string) => {
  const n = Number(code);
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : code;
};

/** The space's layouts in the order of the switcher, with their names. */
const LAYOUTS: { key: PublishLayout; name: string }[] = [
  { key: "kanban", name: "Board" },
  { key: "list", name: "List" },
  { key: "calendar", name: "Calendar" },
  { key: "gantt", name: "Timeline" },
  { key: "spreadsheet", name: "Spreadsheet" },
];

/** Items of the state-grouped page, by state id. */
function byState(page: PublicIssuePage | undefined): Record<string, PublicIssue[]> {
  if (!page || Array.isArray(page.results)) return {};
  return Object.fromEntries(
    Object.entries(page.results).map(([k, g]) => [k, Array.isArray(g.results) ? g.results : []]),
  );
}

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
  const [params, setParams] = useSearchParams();
  const [requesting, setRequesting] = useState(false);
  const space = useQuery(spaceQuery(anchor));
  const issues = useQuery({ ...spaceIssuesQuery(anchor), enabled: space.isSuccess });
  const me = useMe();
  const views = space.data?.settings.view_props;
  const layouts = LAYOUTS.filter((l) => views?.[l.key]);
  const asked = params.get("board");
  const layout = layouts.find((l) => l.key === asked) ?? layouts[0] ?? LAYOUTS[1];
  const peekId = params.get("peekId");
  const grouped = useMemo(() => byState(issues.data), [issues.data]);
  const flat = useMemo(() => Object.values(grouped).flat(), [grouped]);

  if (space.isLoading) return <PageSpinner />;
  if (!space.data)
    return space.error instanceof ApiError && space.error.status === 404 ? (
      <SpaceNotFound />
    ) : (
      <EmptyState title="Could not load this project" description="Try again in a moment." />
    );
  const { meta, states, settings, labels } = space.data;
  const setParam = (key: string, value: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });
  const here = `/spaces/${settings.entity_name === "view" ? "views" : "issues"}/${anchor}`;
  const signInLink = `/?next_path=${encodeURIComponent(here)}`;
  const title = settings.view_details ? settings.view_details.name : meta.name;

  return (
    <div className="flex min-h-screen flex-col">
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
                onClick={() => setParam("board", l.key)}
                className={cx("px-3 py-1 text-sm", layout.key === l.key ? "bg-fill font-medium" : "text-fg-subtle")}
              >
                {l.name}
              </button>
            ))}
          </div>
        )}
        {settings.intake && (
          <Button variant="secondary" onClick={() => setRequesting(true)}>
            Send a request
          </Button>
        )}
        {me.data ? (
          <span className="text-sm text-fg-subtle">Signed in as {me.data.display_name}</span>
        ) : (
          <a className="text-sm text-blue-600 hover:underline" href={signInLink}>
            Sign in
          </a>
        )}
      </header>
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
            signedIn={!!me.data}
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
            signedIn={!!me.data}
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

function SpaceLayout(props: {
  layout: PublishLayout;
  states: PublicState[];
  labels: SpaceData["labels"];
  grouped: Record<string, PublicIssue[]>;
  flat: PublicIssue[];
  identifier: string;
  onOpen: (id: string) => void;
}) {
  const { layout, states, labels, grouped, flat, identifier, onOpen } = props;
  switch (layout) {
    case "kanban":
      return <Board states={states} grouped={grouped} identifier={identifier} onOpen={onOpen} />;
    case "calendar":
      return <SpaceCalendar items={flat} states={states} labels={labels} identifier={identifier} onOpen={onOpen} />;
    case "gantt":
      return <SpaceTimeline items={flat} states={states} labels={labels} identifier={identifier} onOpen={onOpen} />;
    case "spreadsheet":
      return <SpaceSpreadsheet items={flat} states={states} labels={labels} identifier={identifier} onOpen={onOpen} />;
    default:
      return <List states={states} grouped={grouped} identifier={identifier} onOpen={onOpen} />;
  }
}

function ItemButton({
  item,
  identifier,
  onOpen,
  className,
}: {
  item: PublicIssue;
  identifier: string;
  onOpen: (id: string) => void;
  className?: string;
}) {
  return (
    <button type="button" onClick={() => onOpen(item.id)} className={cx("w-full text-left", className)}>
      <span className="block text-xs text-fg-subtle">
        {identifier}-{item.sequence_id}
      </span>
      <span className="block text-sm font-medium">{item.name}</span>
      {item.priority !== "none" && (
        <span className="mt-1 inline-block text-xs text-fg-subtle">Priority: {item.priority}</span>
      )}
    </button>
  );
}

function Board({
  states,
  grouped,
  identifier,
  onOpen,
}: {
  states: PublicState[];
  grouped: Record<string, PublicIssue[]>;
  identifier: string;
  onOpen: (id: string) => void;
}) {
  return (
    <div className="flex gap-3">
      {states.map((s) => (
        <section key={s.id} aria-label={s.name} className="w-72 shrink-0 rounded-lg bg-surface-muted p-2">
          <h2 className="mb-2 flex items-center gap-2 px-1 text-sm font-medium">
            <span className="size-2.5 rounded-full" style={{ backgroundColor: s.color }} aria-hidden />
            {s.name} <span className="text-fg-faint">{grouped[s.id]?.length ?? 0}</span>
          </h2>
          <ul className="space-y-2">
            {(grouped[s.id] ?? []).map((i) => (
              <li key={i.id}>
                <ItemButton
                  item={i}
                  identifier={identifier}
                  onOpen={onOpen}
                  className="rounded-md border border-line-raised bg-canvas p-2"
                />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function List({
  states,
  grouped,
  identifier,
  onOpen,
}: {
  states: PublicState[];
  grouped: Record<string, PublicIssue[]>;
  identifier: string;
  onOpen: (id: string) => void;
}) {
  return (
    <div className="space-y-4">
      {states
        .filter((s) => (grouped[s.id]?.length ?? 0) > 0)
        .map((s) => (
          <section key={s.id} aria-label={s.name}>
            <h2 className="mb-1 text-sm font-medium">
              {s.name} <span className="text-fg-faint">{grouped[s.id].length}</span>
            </h2>
            <ul className="divide-y divide-line-subtle rounded-md border border-line-raised">
              {grouped[s.id].map((i) => (
                <li key={i.id}>
                  <ItemButton item={i} identifier={identifier} onOpen={onOpen} className="px-3 py-2" />
                </li>
              ))}
            </ul>
          </section>
        ))}
      {Object.values(grouped).every((g) => g.length === 0) && (
        <EmptyState title="No work items yet" description="Published work items show here." />
      )}
    </div>
  );
}

function IssuePeek(props: {
  anchor: string;
  issueId: string;
  identifier: string;
  states: PublicState[];
  signedIn: boolean;
  signInLink: string;
  comments: boolean;
  reactions: boolean;
  votes: boolean;
  onClose: () => void;
}) {
  const { anchor, issueId, signedIn } = props;
  const issue = useQuery(spaceIssueQuery(anchor, issueId));
  const comments = useQuery({ ...spaceCommentsQuery(anchor, issueId), enabled: props.comments });
  const addComment = useSpaceComment(anchor, issueId);
  const react = useSpaceReaction(anchor, issueId);
  const vote = useSpaceVote(anchor, issueId);
  const assetUrl = (id: string) => spaceAssetUrl(anchor, id);
  const me = useMe();
  const [text, setText] = useState("");
  const item = issue.data;
  const state = props.states.find((s) => s.id === item?.state_id);
  const counts = new Map<string, { n: number; mine: boolean }>();
  for (const r of item?.reaction_items ?? []) {
    const c = counts.get(r.reaction) ?? { n: 0, mine: false };
    counts.set(r.reaction, { n: c.n + 1, mine: c.mine || r.actor_details.id === me.data?.id });
  }
  const up = (item?.vote_items ?? []).filter((v) => v.vote > 0).length;
  const down = (item?.vote_items ?? []).filter((v) => v.vote < 0).length;
  const myVote = (item?.vote_items ?? []).find((v) => v.actor_details.id === me.data?.id)?.vote ?? 0;
  const send = (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
    addComment.mutate(`<p>${escapeHtml(body)}</p>`, { onSuccess: () => setText("") });
  };
  return (
    <aside aria-label="Work item" className="w-full max-w-md shrink-0 overflow-auto border-l border-line p-4">
      <div className="mb-3 flex items-center justify-between">
        <span className="text-sm text-fg-subtle">{item ? `${props.identifier}-${item.sequence_id}` : ""}</span>
        <Button variant="secondary" onClick={props.onClose}>
          Close
        </Button>
      </div>
      {!item ? (
        issue.isLoading ? (
          <PageSpinner />
        ) : (
          <EmptyState title="Work item not found" description="It may have been removed from the published project." />
        )
      ) : (
        <div className="space-y-4">
          <h2 className="text-xl font-semibold">{item.name}</h2>
          <p className="text-sm text-fg-subtle">
            {state?.name ?? "No state"} · Priority {item.priority}
          </p>
          <div
            className="prose prose-sm dark:prose-invert"
            dangerouslySetInnerHTML={{ __html: spaceHtml(item.description_html, assetUrl) }}
          />
          {(props.votes || up + down > 0) && (
            <div className="flex items-center gap-1" role="group" aria-label="Votes">
              {(
                [
                  [1, "Upvote", up, "▲"],
                  [-1, "Downvote", down, "▼"],
                ] as const
              ).map(([v, name, n, glyph]) => (
                <button
                  key={v}
                  type="button"
                  aria-label={`${name} (${n})`}
                  aria-pressed={myVote === v}
                  disabled={!signedIn || !props.votes || vote.isPending}
                  onClick={() => vote.mutate(myVote === v ? 0 : v)}
                  className={cx(
                    "rounded-full border px-2 py-0.5 text-sm",
                    myVote === v ? "border-blue-400 bg-info-soft" : "border-line-raised",
                  )}
                >
                  {glyph} {n}
                </button>
              ))}
              {!signedIn && props.votes && (
                <a className="ml-2 text-sm text-blue-600 hover:underline" href={props.signInLink}>
                  Sign in to vote
                </a>
              )}
            </div>
          )}
          {(props.reactions || counts.size > 0) && (
            <div className="flex flex-wrap gap-1" aria-label="Reactions">
              {SPACE_REACTIONS.filter((r) => props.reactions || counts.has(r.code)).map((r) => {
                const c = counts.get(r.code);
                return (
                  <button
                    key={r.code}
                    type="button"
                    aria-label={`${r.name}${c ? ` (${c.n})` : ""}`}
                    aria-pressed={!!c?.mine}
                    disabled={!signedIn || !props.reactions || react.isPending}
                    onClick={() => react.mutate({ reaction: r.code, remove: !!c?.mine })}
                    className={cx(
                      "rounded-full border px-2 py-0.5 text-sm",
                      c?.mine ? "border-blue-400 bg-info-soft" : "border-line-raised",
                    )}
                  >
                    {emojiOf(r.code)} {c?.n ?? ""}
                  </button>
                );
              })}
            </div>
          )}
          {props.comments && (
            <section aria-label="Comments" className="space-y-3">
              <h3 className="text-sm font-medium">Comments</h3>
              <ul className="space-y-2">
                {(comments.data ?? []).map((c) => (
                  <li key={c.id} className="rounded-md border border-line-raised p-2 text-sm">
                    <p className="text-xs text-fg-subtle">{c.actor_detail?.display_name ?? "Someone"}</p>
                    <div dangerouslySetInnerHTML={{ __html: spaceHtml(c.comment_html, assetUrl) }} />
                  </li>
                ))}
              </ul>
              {signedIn ? (
                <form onSubmit={send} className="space-y-2">
                  <Textarea
                    label="Add a comment"
                    rows={3}
                    maxLength={20000}
                    value={text}
                    onChange={(e) => setText(e.target.value)}
                  />
                  <Button type="submit" loading={addComment.isPending} disabled={!text.trim()}>
                    Comment
                  </Button>
                </form>
              ) : (
                <p className="text-sm text-fg-subtle">
                  <a className="text-blue-600 hover:underline" href={props.signInLink}>
                    Sign in
                  </a>{" "}
                  to comment.
                </p>
              )}
            </section>
          )}
        </div>
      )}
    </aside>
  );
}

/**
 * Send a request to the project's intake (wire-facts-2 §2 intake-issues/): a signed-in visitor's title, details and
 * priority land as a pending intake item; their earlier requests are listed with their status.
 */
function RequestPanel(props: {
  anchor: string;
  intakeId: string;
  projectName: string;
  signedIn: boolean;
  signInLink: string;
  onClose: () => void;
}) {
  const { anchor, intakeId, signedIn } = props;
  const mine = useQuery({ ...spaceRequestsQuery(anchor, intakeId), enabled: signedIn });
  const send = useSpaceRequest(anchor, intakeId);
  const [name, setName] = useState("");
  const [details, setDetails] = useState("");
  const [priority, setPriority] = useState("none");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = details.trim();
    send.mutate(
      {
        name: name.trim(),
        priority: priority as Priority,
        description_html: text
          ? text
              .split(/\n{2,}/)
              .map((p) => `<p>${escapeHtml(p)}</p>`)
              .join("")
          : undefined,
      },
      {
        onSuccess: () => {
          setName("");
          setDetails("");
          setPriority("none");
        },
      },
    );
  };
  return (
    <aside
      aria-label="Send a request"
      className="w-full max-w-md shrink-0 space-y-4 overflow-auto border-l border-line p-4"
    >
      <div className="flex items-center justify-between">
        <h2 className="text-lg font-semibold">Send a request to {props.projectName}</h2>
        <Button variant="secondary" onClick={props.onClose}>
          Close
        </Button>
      </div>
      {!signedIn ? (
        <p className="text-sm text-fg-subtle">
          <a className="text-blue-600 hover:underline" href={props.signInLink}>
            Sign in
          </a>{" "}
          to send a request.
        </p>
      ) : (
        <>
          {send.isSuccess && <Banner kind="success">Thank you. Your request reached the team's intake.</Banner>}
          <form onSubmit={submit} className="space-y-3" aria-label="Request">
            <Input label="Title" required maxLength={255} value={name} onChange={(e) => setName(e.target.value)} />
            <Textarea
              label="Details"
              rows={5}
              maxLength={20000}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
            />
            <Select label="Priority" value={priority} onChange={(e) => setPriority(e.target.value)}>
              {[...PRIORITIES].reverse().map((p) => (
                <option key={p} value={p}>
                  {p === "none" ? "None" : p[0].toUpperCase() + p.slice(1)}
                </option>
              ))}
            </Select>
            <Button type="submit" loading={send.isPending} disabled={!name.trim()}>
              Send request
            </Button>
          </form>
          {(mine.data ?? []).length > 0 && (
            <section aria-label="Your requests" className="space-y-1">
              <h3 className="text-sm font-medium">Your requests</h3>
              <ul className="divide-y divide-line-subtle text-sm">
                {mine.data!.map((r) => (
                  <li key={r.id} className="flex justify-between gap-2 py-1">
                    <span className="truncate">{r.issue.name}</span>
                    <span className="shrink-0 text-fg-subtle">{REQUEST_STATUS[r.status] ?? "Pending"}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </aside>
  );
}

/** Intake statuses as a requester reads them. */
const REQUEST_STATUS: Record<number, string> = {
  [-2]: "Pending",
  [-1]: "Declined",
  0: "Snoozed",
  1: "Accepted",
  2: "Duplicate",
};
