import { Fragment, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { FloatingPortal, autoUpdate, flip, offset, shift, size, useFloating } from "@floating-ui/react";
import { Avatar } from "../ui/Avatar.tsx";
import { cx } from "../ui/cx.ts";
import type { SuggestStore } from "@stride/shared/editor";

const LABELS = { slash: "Insert a block", mention: "Mention someone or a work item" } as const;

/**
 * The list of an open suggestion (slash commands, @ mentions), positioned at the typed trigger with
 * @floating-ui. Focus stays in the text: the options are announced through aria-activedescendant on
 * the editor (set by the editor) and picked with the arrows and Enter/Tab, or with the mouse.
 */
export function SuggestMenu({ store, id, root }: { store: SuggestStore; id: string; root: HTMLElement | null }) {
  const s = useSyncExternalStore(store.subscribe, store.get);
  const { refs, floatingStyles } = useFloating({
    open: !!s,
    placement: "bottom-start",
    strategy: "fixed",
    middleware: [
      offset(6),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply: ({ availableHeight, elements }) => {
          elements.floating.style.maxHeight = `${Math.min(320, Math.max(120, availableHeight))}px`;
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
  useLayoutEffect(() => {
    if (s) refs.setPositionReference({ getBoundingClientRect: () => s.rect() ?? new DOMRect() });
  }, [s, refs]);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: "nearest" });
  }, [s?.active, s?.items]);
  if (!s || (s.kind === "slash" && s.items.length === 0)) return null;

  return (
    <FloatingPortal root={root ?? undefined}>
      <ul
        ref={(el) => {
          list.current = el;
          refs.setFloating(el);
        }}
        id={id}
        role="listbox"
        aria-label={LABELS[s.kind]}
        style={floatingStyles}
        className="z-[80] w-72 overflow-y-auto rounded-lg border border-line-raised bg-surface py-1 text-sm shadow-xl"
      >
        {s.items.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-xs text-fg-subtle">
            {s.loading ? "Searching…" : "No matches"}
          </li>
        )}
        {s.items.map((it, i) => (
          <Fragment key={it.key}>
            {it.group && it.group !== s.items[i - 1]?.group && (
              <li
                role="presentation"
                className="px-3 pb-0.5 pt-1.5 text-[11px] font-semibold uppercase tracking-wide text-fg-faint"
              >
                {it.group}
              </li>
            )}
            <SuggestOption
              id={`${id}-${i}`}
              item={it}
              active={i === s.active}
              onPick={() => s.pick(it)}
              onHover={() => {
                if (i !== s.active) store.set({ ...s, active: i });
              }}
            />
          </Fragment>
        ))}
      </ul>
    </FloatingPortal>
  );
}

type SuggestItem = NonNullable<ReturnType<SuggestStore["get"]>>["items"][number];

/** One option of the list: its avatar or icon, label and hint. */
function SuggestOption({
  id,
  item: it,
  active,
  onPick,
  onHover,
}: {
  id: string;
  item: SuggestItem;
  active: boolean;
  onPick: () => void;
  onHover: () => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      onMouseDown={(e) => {
        e.preventDefault();
        onPick();
      }}
      onMouseMove={onHover}
      className={cx("flex cursor-pointer items-center gap-2 px-3 py-1.5", active && "bg-fill")}
    >
      {it.avatar ? (
        <Avatar name={it.avatar.name} url={it.avatar.url} size="sm" />
      ) : it.icon ? (
        <span
          aria-hidden
          className="flex h-6 w-6 shrink-0 items-center justify-center rounded border border-line-raised text-fg-subtle"
        >
          <it.icon size={14} aria-hidden focusable="false" />
        </span>
      ) : null}
      <span className="min-w-0 flex-1 truncate">{it.label}</span>
      {it.hint && <span className="shrink-0 truncate text-xs text-fg-faint">{it.hint}</span>}
    </li>
  );
}
