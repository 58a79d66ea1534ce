import { Bot } from "lucide-react";
import type { UserLite } from "../../api/types.ts";
import { Avatar, cx } from "../ui/index.ts";
import { displayName } from "./properties.tsx";

/** The mark of a bot user (an agent's): its writes are the agent's, not a person's. */
export function BotBadge({ className }: { className?: string }) {
  return (
    <span
      data-bot-badge
      title="An AI agent"
      className={cx(
        "inline-flex shrink-0 items-center gap-0.5 rounded bg-accent-soft px-1 py-px align-middle text-[10px] font-semibold uppercase leading-3 tracking-wide text-accent ring-1 ring-inset ring-accent-line",
        className,
      )}
    >
      <Bot size={10} aria-hidden focusable="false" />
      Bot
    </span>
  );
}

/** A comment's author: the person's avatar, or a bot's mark for an agent. */
export function ActorAvatar({ actor }: { actor: UserLite | null | undefined }) {
  if (!actor?.is_bot) return <Avatar name={actor?.display_name ?? "?"} url={actor?.avatar_url} size="sm" />;
  return (
    <span
      aria-hidden
      className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent"
    >
      <Bot size={14} aria-hidden focusable="false" />
    </span>
  );
}

/** Who wrote an entry: the person's name, or the agent's with its bot badge. */
export function ActorName({ actor }: { actor: UserLite | null | undefined }) {
  return (
    <span className="inline-flex items-baseline gap-1">
      <span className="font-medium text-fg-secondary">{actor ? displayName(actor) : "Someone"}</span>
      {actor?.is_bot && <BotBadge />}
    </span>
  );
}

/** "on behalf of <person>": the person who started the agent's run (an agent's entry only). */
export function OnBehalfOf({ person }: { person: UserLite | null | undefined }) {
  if (!person) return null;
  return (
    <span className="text-fg-subtle" data-on-behalf-of={person.id}>
      on behalf of <span className="font-medium text-fg-muted">{displayName(person)}</span>
    </span>
  );
}
