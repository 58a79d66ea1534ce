import { useEffect, useRef } from "react";
import { Palette, Trash2 } from "lucide-react";
import { STICKY_COLORS } from "@stride/shared";
import { useDeleteSticky, useUpdateSticky, type Sticky } from "../../api/home.ts";
import { Menu, cx } from "../../components/ui/index.ts";
import { STICKY_COLOR_STYLES, stickyColor } from "./colors.ts";
import { StickyEditor } from "./StickyEditor.tsx";

/** Text changes are saved this long after the last keystroke. */
const SAVE_DELAY_MS = 600;

/** The first words of a sticky (its name for menus and screen readers). */
export function stickyTitle(s: Sticky): string {
  const text = (s.name || s.description_stripped || "").trim();
  return text ? (text.length > 40 ? `${text.slice(0, 40)}…` : text) : "Untitled sticky";
}

/** One sticky: its text (rich, autosaved), colour menu and delete. */
export function StickyCard({ slug, sticky, active }: { slug: string; sticky: Sticky; active?: boolean }) {
  const update = useUpdateSticky(slug);
  const remove = useDeleteSticky(slug);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<string | null>(null);
  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (pending.current !== null) update.mutate({ id: sticky.id, description_html: pending.current });
    pending.current = null;
  };
  // an edit still waiting is saved when the card goes away
  useEffect(() => () => flush(), []); // eslint-disable-line react-hooks/exhaustive-deps
  const color = stickyColor(sticky.background_color);
  const title = stickyTitle(sticky);
  return (
    <article
      data-sticky={sticky.id}
      data-color={sticky.background_color ?? "gray"}
      aria-label={`Sticky ${title}`}
      className={cx("flex min-h-40 flex-col rounded-lg p-3 pt-6 shadow-sm", color.className)}
    >
      <div className="flex-1 text-sm">
        <StickyEditor
          html={sticky.description_html}
          label={`Sticky text ${title}`}
          focused={active}
          onChange={(html) => {
            pending.current = html;
            if (timer.current) clearTimeout(timer.current);
            timer.current = setTimeout(flush, SAVE_DELAY_MS);
          }}
        />
      </div>
      <div className="mt-2 flex items-center justify-end gap-1">
        <Menu
          ariaLabel={`Colour of sticky ${title}`}
          align="right"
          buttonClassName="rounded p-1 text-fg-muted hover:bg-tint"
          label={<Palette size={14} aria-hidden focusable="false" />}
          items={STICKY_COLORS.map((key) => ({
            label: (
              <span className="flex items-center gap-2">
                <span aria-hidden className={cx("h-3 w-3 rounded-full", STICKY_COLOR_STYLES[key].swatch)} />
                {STICKY_COLOR_STYLES[key].label}
              </span>
            ),
            textValue: STICKY_COLOR_STYLES[key].label,
            kind: "radio" as const,
            checked: (sticky.background_color ?? "gray") === key,
            onSelect: () => update.mutate({ id: sticky.id, background_color: key }),
          }))}
        />
        <button
          type="button"
          aria-label={`Delete sticky ${title}`}
          onClick={() => remove.mutate(sticky.id)}
          className="rounded p-1 text-fg-muted hover:bg-tint hover:text-red-600"
        >
          <Trash2 size={14} aria-hidden focusable="false" />
        </button>
      </div>
    </article>
  );
}
