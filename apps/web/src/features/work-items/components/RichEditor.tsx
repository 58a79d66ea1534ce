import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Avatar, cx } from "../../../components/ui/index.ts";
import type { UserLite } from "../../../api/types.ts";
import { displayToStorage, isEmptyHtml, mentionChip, toDisplayHtml } from "../lib/html.ts";
import { displayName } from "./properties.tsx";

/** Typography of rich text (descriptions, comments) on screen and in the editor. */
export const RICH_TEXT =
  "text-sm leading-relaxed break-words [&_p]:my-1 [&_ul]:my-1 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:my-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_h1]:mt-2 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_blockquote]:border-l-2 [&_blockquote]:border-zinc-300 [&_blockquote]:pl-3 [&_blockquote]:text-zinc-600 [&_pre]:my-1 [&_pre]:rounded [&_pre]:bg-zinc-100 [&_pre]:p-2 [&_pre]:font-mono [&_pre]:text-xs [&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-xs [&_a]:text-indigo-600 [&_a]:underline [&_.mention]:rounded [&_.mention]:bg-indigo-100 [&_.mention]:px-1 [&_.mention]:font-medium [&_.mention]:text-indigo-700 dark:[&_pre]:bg-zinc-800 dark:[&_code]:bg-zinc-800 dark:[&_.mention]:bg-indigo-950 dark:[&_.mention]:text-indigo-300";

/** Read-only rich text (mentions as chips, markup sanitized). */
export function RichText({ html, nameOf, className }: { html: string | null | undefined; nameOf: (id: string) => string | null | undefined; className?: string }) {
  return <div data-rich-text className={cx(RICH_TEXT, className)} dangerouslySetInnerHTML={{ __html: toDisplayHtml(html, nameOf) }} />;
}

export interface RichEditorHandle {
  /** Current content in the stored form. */
  getHtml: () => string;
  clear: () => void;
  focus: () => void;
  setHtml: (storedHtml: string) => void;
}

const TOOLS: { cmd: string; arg?: string; label: string; text: string }[] = [
  { cmd: "bold", label: "Bold", text: "B" },
  { cmd: "italic", label: "Italic", text: "I" },
  { cmd: "underline", label: "Underline", text: "U" },
  { cmd: "strikeThrough", label: "Strikethrough", text: "S" },
  { cmd: "formatBlock", arg: "h2", label: "Heading", text: "H" },
  { cmd: "insertUnorderedList", label: "Bulleted list", text: "•" },
  { cmd: "insertOrderedList", label: "Numbered list", text: "1." },
  { cmd: "formatBlock", arg: "blockquote", label: "Quote", text: "❝" },
  { cmd: "formatBlock", arg: "pre", label: "Code block", text: "</>" },
];

/**
 * A small rich-text editor on contentEditable: bold, italic, underline, strikethrough, heading, lists,
 * quote, code and links; typing "@" offers the project members and inserts a mention.
 */
export const RichEditor = forwardRef<RichEditorHandle, {
  initialHtml?: string | null;
  members: UserLite[];
  nameOf: (id: string) => string | null | undefined;
  placeholder?: string;
  label: string;
  onChange?: (storedHtml: string) => void;
  onSubmit?: () => void;
  onBlur?: () => void;
  minHeight?: number;
  autoFocus?: boolean;
  bare?: boolean;
  disabled?: boolean;
}>(function RichEditor({ initialHtml, members, nameOf, placeholder, label, onChange, onSubmit, onBlur, minHeight = 80, autoFocus, bare, disabled }, ref) {
  const el = useRef<HTMLDivElement>(null);
  const [empty, setEmpty] = useState(isEmptyHtml(initialHtml));
  const [mention, setMention] = useState<{ q: string; rect: DOMRect; active: number } | null>(null);

  useLayoutEffect(() => {
    if (el.current) el.current.innerHTML = toDisplayHtml(initialHtml, nameOf);
    setEmpty(isEmptyHtml(initialHtml));
    // set once; later changes come from typing
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (autoFocus) el.current?.focus();
  }, [autoFocus]);

  const emit = () => {
    const html = el.current?.innerHTML ?? "";
    setEmpty(isEmptyHtml(html));
    onChange?.(displayToStorage(html));
  };

  useImperativeHandle(ref, () => ({
    getHtml: () => displayToStorage(el.current?.innerHTML ?? ""),
    clear: () => { if (el.current) el.current.innerHTML = ""; setEmpty(true); },
    focus: () => el.current?.focus(),
    setHtml: (h) => { if (el.current) el.current.innerHTML = toDisplayHtml(h, nameOf); setEmpty(isEmptyHtml(h)); },
  }));

  const candidates = mention
    ? members.filter((m) => `${displayName(m)} ${m.display_name}`.toLowerCase().includes(mention.q.toLowerCase())).slice(0, 8)
    : [];

  const detectMention = () => {
    const sel = window.getSelection();
    if (!sel || sel.rangeCount === 0 || !el.current?.contains(sel.anchorNode)) return setMention(null);
    const node = sel.anchorNode;
    if (!node || node.nodeType !== Node.TEXT_NODE) return setMention(null);
    const before = (node.textContent ?? "").slice(0, sel.anchorOffset);
    const m = /(?:^|\s)@([\p{L}\p{N}._-]{0,30})$/u.exec(before);
    if (!m) return setMention(null);
    const range = sel.getRangeAt(0).cloneRange();
    const rect = range.getBoundingClientRect();
    setMention((cur) => ({ q: m[1], rect, active: cur && cur.q === m[1] ? cur.active : 0 }));
  };

  const insertMention = (u: UserLite) => {
    const sel = window.getSelection();
    if (!sel || !mention) return;
    const node = sel.anchorNode;
    if (node && node.nodeType === Node.TEXT_NODE) {
      const r = document.createRange();
      r.setStart(node, Math.max(0, sel.anchorOffset - mention.q.length - 1));
      r.setEnd(node, sel.anchorOffset);
      sel.removeAllRanges();
      sel.addRange(r);
    }
    document.execCommand("insertHTML", false, `${mentionChip(u.id, u.display_name || displayName(u))}&nbsp;`);
    setMention(null);
    emit();
  };

  const run = (cmd: string, arg?: string) => {
    el.current?.focus();
    if (cmd === "formatBlock" && arg) {
      const cur = document.queryCommandValue("formatBlock").toLowerCase();
      document.execCommand("formatBlock", false, cur === arg ? "p" : arg);
    } else document.execCommand(cmd, false, arg);
    emit();
  };

  return (
    <div className={cx(!bare && "rounded-md border border-zinc-300 focus-within:border-indigo-500 focus-within:ring-1 focus-within:ring-indigo-500 dark:border-zinc-700", disabled && "opacity-70")}>
      <div className="relative">
        {empty && placeholder && <div aria-hidden className="pointer-events-none absolute left-3 top-2 text-sm text-zinc-400">{placeholder}</div>}
        <div
          ref={el}
          data-rich-text
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          contentEditable={!disabled}
          suppressContentEditableWarning
          onInput={() => { emit(); detectMention(); }}
          onKeyUp={(e) => { if (!["ArrowUp", "ArrowDown", "Enter", "Escape"].includes(e.key)) detectMention(); }}
          onBlur={() => { setTimeout(() => setMention(null), 150); onBlur?.(); }}
          onKeyDown={(e) => {
            if (mention && candidates.length) {
              if (e.key === "ArrowDown") { e.preventDefault(); setMention({ ...mention, active: (mention.active + 1) % candidates.length }); return; }
              if (e.key === "ArrowUp") { e.preventDefault(); setMention({ ...mention, active: (mention.active - 1 + candidates.length) % candidates.length }); return; }
              if (e.key === "Enter" || e.key === "Tab") { e.preventDefault(); insertMention(candidates[mention.active]); return; }
              if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); setMention(null); return; }
            }
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey) && onSubmit) { e.preventDefault(); onSubmit(); }
          }}
          onPaste={(e) => {
            const html = e.clipboardData.getData("text/html");
            if (html) {
              e.preventDefault();
              document.execCommand("insertHTML", false, toDisplayHtml(displayToStorage(html), nameOf));
              emit();
            }
          }}
          style={{ minHeight }}
          className={cx(RICH_TEXT, "w-full px-3 py-2 text-zinc-900 outline-none dark:text-zinc-100")}
        />
      </div>
      {!disabled && (
        <div className="flex flex-wrap items-center gap-0.5 border-t border-zinc-200 px-1.5 py-1 dark:border-zinc-800" role="toolbar" aria-label={`${label} formatting`}>
          {TOOLS.map((t) => (
            <button
              key={t.label}
              type="button"
              title={t.label}
              aria-label={t.label}
              onMouseDown={(e) => { e.preventDefault(); run(t.cmd, t.arg); }}
              className={cx("h-7 min-w-7 rounded px-1.5 text-xs text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800", t.text === "B" && "font-bold", t.text === "I" && "italic", t.text === "U" && "underline", t.text === "S" && "line-through")}
            >
              {t.text}
            </button>
          ))}
          <button
            type="button"
            title="Link"
            aria-label="Link"
            onMouseDown={(e) => {
              e.preventDefault();
              const url = window.prompt("Link URL");
              if (url && /^(https?:\/\/|mailto:)/i.test(url.trim())) run("createLink", url.trim());
            }}
            className="h-7 rounded px-1.5 text-xs text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            Link
          </button>
          <button
            type="button"
            title="Mention someone"
            aria-label="Mention someone"
            onMouseDown={(e) => { e.preventDefault(); el.current?.focus(); document.execCommand("insertText", false, "@"); detectMention(); }}
            className="h-7 rounded px-1.5 text-xs text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            @
          </button>
        </div>
      )}
      {mention && candidates.length > 0 &&
        createPortal(
          <ul
            role="listbox"
            aria-label="Mention a member"
            style={{ position: "fixed", top: mention.rect.bottom + 4, left: Math.min(mention.rect.left, window.innerWidth - 250), zIndex: 70 }}
            className="w-60 rounded-lg border border-zinc-200 bg-white py-1 text-sm shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
          >
            {candidates.map((u, i) => (
              <li
                key={u.id}
                role="option"
                aria-selected={i === mention.active}
                onMouseDown={(e) => { e.preventDefault(); insertMention(u); }}
                className={cx("flex cursor-pointer items-center gap-2 px-2 py-1.5", i === mention.active && "bg-zinc-100 dark:bg-zinc-800")}
              >
                <Avatar name={u.display_name || u.first_name} url={u.avatar_url} size="sm" />
                <span className="truncate">{displayName(u)}</span>
                <span className="ml-auto truncate text-xs text-zinc-400">@{u.display_name}</span>
              </li>
            ))}
          </ul>,
          (el.current?.closest("dialog") as HTMLElement | null) ?? document.body,
        )}
    </div>
  );
});
