import { useQuery } from "@tanstack/react-query";
import type { PublicIssueDetail, PublicState } from "@stride/shared/contract";
import { useMe } from "../../api/users.ts";
import {
  spaceAssetUrl,
  spaceCommentsQuery,
  spaceIssueQuery,
  useSpaceComment,
  useSpaceReaction,
  useSpaceVote,
} from "../../api/publish.ts";
import { spaceHtml } from "./space-html.ts";
import { Button, EmptyState, PageSpinner, Textarea, cx } from "../../components/ui/index.ts";
import { useDialogForm } from "../../lib/settings-form.ts";
import { checkSpaceComment, spaceCommentHtml } from "./space-forms.ts";

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

const pillClass = (on: boolean) =>
  cx("rounded-full border px-2 py-0.5 text-sm", on ? "border-blue-400 bg-info-soft" : "border-line-raised");

/** A published item opened beside the board: its text, votes, reactions and comments. */
export function IssuePeek(props: {
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
  const { anchor, issueId } = props;
  const issue = useQuery(spaceIssueQuery(anchor, issueId));
  const assetUrl = (id: string) => spaceAssetUrl(anchor, id);
  const item = issue.data;
  const state = props.states.find((s) => s.id === item?.state_id);
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
          <Votes {...props} item={item} />
          <Reactions {...props} item={item} />
          {props.comments && <Comments {...props} />}
        </div>
      )}
    </aside>
  );
}

interface PartProps {
  anchor: string;
  issueId: string;
  signedIn: boolean;
  signInLink: string;
  item: PublicIssueDetail;
}

function Votes({ anchor, issueId, signedIn, signInLink, item, votes }: PartProps & { votes: boolean }) {
  const vote = useSpaceVote(anchor, issueId);
  const me = useMe();
  const up = item.vote_items.filter((v) => v.vote > 0).length;
  const down = item.vote_items.filter((v) => v.vote < 0).length;
  const myVote = item.vote_items.find((v) => v.actor_details.id === me.data?.id)?.vote ?? 0;
  if (!votes && up + down === 0) return null;
  return (
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
          disabled={!signedIn || !votes || vote.isPending}
          onClick={() => vote.mutate(myVote === v ? 0 : v)}
          className={pillClass(myVote === v)}
        >
          {glyph} {n}
        </button>
      ))}
      {!signedIn && votes && (
        <a className="ml-2 text-sm text-blue-600 hover:underline" href={signInLink}>
          Sign in to vote
        </a>
      )}
    </div>
  );
}

function Reactions({ anchor, issueId, signedIn, item, reactions }: PartProps & { reactions: boolean }) {
  const react = useSpaceReaction(anchor, issueId);
  const me = useMe();
  const counts = new Map<string, { n: number; mine: boolean }>();
  for (const r of item.reaction_items) {
    const c = counts.get(r.reaction) ?? { n: 0, mine: false };
    counts.set(r.reaction, { n: c.n + 1, mine: c.mine || r.actor_details.id === me.data?.id });
  }
  if (!reactions && counts.size === 0) return null;
  return (
    <div className="flex flex-wrap gap-1" aria-label="Reactions">
      {SPACE_REACTIONS.filter((r) => reactions || counts.has(r.code)).map((r) => {
        const c = counts.get(r.code);
        return (
          <button
            key={r.code}
            type="button"
            aria-label={`${r.name}${c ? ` (${c.n})` : ""}`}
            aria-pressed={!!c?.mine}
            disabled={!signedIn || !reactions || react.isPending}
            onClick={() => react.mutate({ reaction: r.code, remove: !!c?.mine })}
            className={pillClass(!!c?.mine)}
          >
            {emojiOf(r.code)} {c?.n ?? ""}
          </button>
        );
      })}
    </div>
  );
}

function Comments({ anchor, issueId, signedIn, signInLink }: Omit<PartProps, "item">) {
  const comments = useQuery(spaceCommentsQuery(anchor, issueId));
  const assetUrl = (id: string) => spaceAssetUrl(anchor, id);
  return (
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
        <CommentForm anchor={anchor} issueId={issueId} />
      ) : (
        <p className="text-sm text-fg-subtle">
          <a className="text-blue-600 hover:underline" href={signInLink}>
            Sign in
          </a>{" "}
          to comment.
        </p>
      )}
    </section>
  );
}

function CommentForm({ anchor, issueId }: { anchor: string; issueId: string }) {
  const addComment = useSpaceComment(anchor, issueId);
  const { form, error, onSubmit } = useDialogForm({ text: "" }, checkSpaceComment);
  const submit = onSubmit((v, onError) => {
    if (!v.text.trim()) return;
    addComment.mutate(spaceCommentHtml(v.text), { onSuccess: () => form.reset(), onError });
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-2">
      <Textarea label="Add a comment" rows={3} maxLength={20000} error={error("text")} {...form.register("text")} />
      <Button type="submit" loading={addComment.isPending} disabled={!form.watch("text").trim()}>
        Comment
      </Button>
    </form>
  );
}
