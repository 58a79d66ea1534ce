import type { ReactNode } from "react";
import {
  BetweenHorizontalEnd,
  BetweenHorizontalStart,
  BetweenVerticalEnd,
  BetweenVerticalStart,
  List,
  ListOrdered,
  ListTodo,
  Quote,
} from "lucide-react";
import { CODE_LANGUAGES } from "@stride/shared/editor";
import { cx } from "../ui/cx.ts";
import type { RunCommand, ToolbarState } from "./bubble-state.ts";

/** The toolbar over a text selection: marks, link, headings, lists and quote. */
export function SelectionButtons({ s, run, onLink }: { s: ToolbarState; run: RunCommand; onLink: () => void }) {
  return (
    <>
      <Btn label="Bold" keys="Ctrl+B" on={s.bold} onClick={() => run((c) => c.toggleBold())} className="font-bold">
        B
      </Btn>
      <Btn label="Italic" keys="Ctrl+I" on={s.italic} onClick={() => run((c) => c.toggleItalic())} className="italic">
        I
      </Btn>
      <Btn
        label="Underline"
        keys="Ctrl+U"
        on={s.underline}
        onClick={() => run((c) => c.toggleUnderline())}
        className="underline"
      >
        U
      </Btn>
      <Btn
        label="Strikethrough"
        keys="Ctrl+Shift+S"
        on={s.strike}
        onClick={() => run((c) => c.toggleStrike())}
        className="line-through"
      >
        S
      </Btn>
      <Btn
        label="Inline code"
        keys="Ctrl+E"
        on={s.code}
        onClick={() => run((c) => c.toggleCode())}
        className="font-mono"
      >
        {"<>"}
      </Btn>
      <Btn label="Link" keys="Ctrl+K" on={!!s.link} onClick={onLink}>
        Link
      </Btn>
      <Sep />
      <BlockButtons s={s} run={run} />
    </>
  );
}

function BlockButtons({ s, run }: { s: ToolbarState; run: RunCommand }) {
  return (
    <>
      <Btn label="Heading 1" on={s.h1} onClick={() => run((c) => c.toggleHeading({ level: 1 }))}>
        H1
      </Btn>
      <Btn label="Heading 2" on={s.h2} onClick={() => run((c) => c.toggleHeading({ level: 2 }))}>
        H2
      </Btn>
      <Btn label="Heading 3" on={s.h3} onClick={() => run((c) => c.toggleHeading({ level: 3 }))}>
        H3
      </Btn>
      <Btn label="Bulleted list" on={s.bullet} onClick={() => run((c) => c.toggleBulletList())}>
        <List size={14} aria-hidden focusable="false" />
      </Btn>
      <Btn label="Numbered list" on={s.ordered} onClick={() => run((c) => c.toggleOrderedList())}>
        <ListOrdered size={14} aria-hidden focusable="false" />
      </Btn>
      <Btn label="Task list" on={s.task} onClick={() => run((c) => c.toggleTaskList())}>
        <ListTodo size={14} aria-hidden focusable="false" />
      </Btn>
      <Btn label="Quote" on={s.quote} onClick={() => run((c) => c.toggleBlockquote())}>
        <Quote size={14} aria-hidden focusable="false" />
      </Btn>
    </>
  );
}

/** The table's rows and columns, its header row, and deleting it. */
export function TableButtons({ run }: { run: RunCommand }) {
  return (
    <>
      <Btn label="Add row above" onClick={() => run((c) => c.addRowBefore())}>
        <BetweenHorizontalStart size={14} aria-hidden focusable="false" />
      </Btn>
      <Btn label="Add row below" onClick={() => run((c) => c.addRowAfter())}>
        <BetweenHorizontalEnd size={14} aria-hidden focusable="false" />
      </Btn>
      <Btn label="Delete row" onClick={() => run((c) => c.deleteRow())}>
        Del row
      </Btn>
      <Btn label="Add column before" onClick={() => run((c) => c.addColumnBefore())}>
        <BetweenVerticalStart size={14} aria-hidden focusable="false" />
      </Btn>
      <Btn label="Add column after" onClick={() => run((c) => c.addColumnAfter())}>
        <BetweenVerticalEnd size={14} aria-hidden focusable="false" />
      </Btn>
      <Btn label="Delete column" onClick={() => run((c) => c.deleteColumn())}>
        Del col
      </Btn>
      <Btn label="Toggle header row" onClick={() => run((c) => c.toggleHeaderRow())}>
        Header
      </Btn>
      <Btn label="Delete table" onClick={() => run((c) => c.deleteTable())} className="text-danger">
        Delete
      </Btn>
    </>
  );
}

/** A code block's language (an unknown one kept as it is). */
export function CodeLanguage({ language, run }: { language: string; run: RunCommand }) {
  return (
    <label className="flex items-center gap-1.5 px-1 text-xs text-fg-subtle">
      Language
      <select
        aria-label="Code language"
        value={language}
        onChange={(e) => run((c) => c.updateAttributes("codeBlock", { language: e.target.value || null }))}
        className="rounded border border-line-raised bg-surface px-1 py-0.5 text-xs text-fg-secondary"
      >
        <option value="">Plain text</option>
        {CODE_LANGUAGES.map((l) => (
          <option key={l.id} value={l.id}>
            {l.label}
          </option>
        ))}
        {language && !CODE_LANGUAGES.some((l) => l.id === language) && <option value={language}>{language}</option>}
      </select>
    </label>
  );
}

export function Sep() {
  return <span aria-hidden className="mx-0.5 h-5 w-px bg-fill-strong" />;
}

function Btn({
  label,
  keys,
  on,
  onClick,
  className,
  children,
}: {
  label: string;
  keys?: string;
  on?: boolean;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={on === undefined ? undefined : on}
      title={keys ? `${label} (${keys})` : label}
      onClick={onClick}
      className={cx(
        "h-7 min-w-7 rounded px-1.5 text-xs text-fg-secondary hover:bg-fill",
        on && "bg-accent-soft text-accent",
        className,
      )}
    >
      {children}
    </button>
  );
}
