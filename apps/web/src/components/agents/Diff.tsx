import { Fragment, useEffect, useMemo, useState, type ReactNode } from "react";
import { cx } from "../../components/ui/index.ts";

/** Code and diffs of agent runs: code highlighted, a unified diff shown unified or side by side. */

interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: { className?: string[] };
  children?: HastNode[];
}

function renderHast(nodes: HastNode[] | undefined): ReactNode {
  return (nodes ?? []).map((n, i) => {
    if (n.type === "text") return <Fragment key={i}>{n.value}</Fragment>;
    if (n.type === "element")
      return (
        <span key={i} className={(n.properties?.className ?? []).join(" ")}>
          {renderHast(n.children)}
        </span>
      );
    return null;
  });
}

type Lowlight = (typeof import("@stride/shared/editor/lowlight"))["lowlight"];
/**
 * The highlighter (highlight.js, ~70 kB) is loaded when the first code block shows, not with the screens
 * that may show one (the work-item detail, project settings): until then the code shows plain.
 */
let lowlightLoaded: Lowlight | null = null;
let lowlightLoading: Promise<Lowlight> | null = null;
const loadLowlight = () =>
  (lowlightLoading ??= import("@stride/shared/editor/lowlight").then((m) => (lowlightLoaded = m.lowlight)));

function useLowlight(): Lowlight | null {
  const [ll, setLl] = useState(lowlightLoaded);
  useEffect(() => {
    if (ll) return;
    let live = true;
    void loadLowlight().then(
      (l) => live && setLl(() => l),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ll]);
  return ll;
}

/** Code, highlighted (highlight.js grammars of the editor, language guessed). */
export function CodeBlock({ code, language }: { code: string; language?: string }) {
  const lowlight = useLowlight();
  const tree = useMemo(() => {
    if (!lowlight || code.length > 100_000) return null;
    try {
      return (language && lowlight.registered(language)
        ? lowlight.highlight(language, code)
        : lowlight.highlightAuto(code)) as unknown as HastNode;
    } catch {
      return null;
    }
  }, [lowlight, code, language]);
  return (
    <div className="editor-content">
      <pre className="mt-1 max-h-96 overflow-auto rounded bg-surface-muted p-2 font-mono text-xs">
        <code className="hljs">{tree ? renderHast(tree.children) : code}</code>
      </pre>
    </div>
  );
}

interface DiffLine {
  kind: "add" | "del" | "ctx" | "hunk" | "file";
  text: string;
}

export function parseDiff(diff: string): DiffLine[] {
  return diff.split("\n").map((l) => {
    if (l.startsWith("diff --git") || l.startsWith("+++") || l.startsWith("---") || l.startsWith("index "))
      return { kind: "file", text: l };
    if (l.startsWith("@@")) return { kind: "hunk", text: l };
    if (l.startsWith("+")) return { kind: "add", text: l.slice(1) };
    if (l.startsWith("-")) return { kind: "del", text: l.slice(1) };
    return { kind: "ctx", text: l.startsWith(" ") ? l.slice(1) : l };
  });
}

/** Files and added/removed lines of a unified diff (the modal's summary). */
export function diffStats(diff: string): { files: number; added: number; removed: number } {
  const lines = parseDiff(diff);
  return {
    files: lines.filter((l) => l.kind === "file" && l.text.startsWith("diff --git")).length,
    added: lines.filter((l) => l.kind === "add").length,
    removed: lines.filter((l) => l.kind === "del").length,
  };
}

/** Side-by-side rows of a diff: deletions paired with the additions that follow them. */
export function splitRows(lines: DiffLine[]): Array<{ left: DiffLine | null; right: DiffLine | null }> {
  const rows: Array<{ left: DiffLine | null; right: DiffLine | null }> = [];
  for (let i = 0; i < lines.length;) {
    const l = lines[i];
    if (l.kind === "del") {
      const dels: DiffLine[] = [];
      const adds: DiffLine[] = [];
      while (lines[i]?.kind === "del") dels.push(lines[i++]);
      while (lines[i]?.kind === "add") adds.push(lines[i++]);
      for (let k = 0; k < Math.max(dels.length, adds.length); k++)
        rows.push({ left: dels[k] ?? null, right: adds[k] ?? null });
    } else if (l.kind === "add") {
      rows.push({ left: null, right: l });
      i++;
    } else {
      rows.push({ left: l, right: l });
      i++;
    }
  }
  return rows;
}

const LINE_STYLE: Record<DiffLine["kind"], string> = {
  add: "bg-success-soft text-success-strong",
  del: "bg-danger-soft text-danger-strong",
  ctx: "",
  hunk: "bg-info-soft text-info-strong",
  file: "font-semibold text-fg-muted",
};
const SIGN: Record<DiffLine["kind"], string> = { add: "+", del: "-", ctx: " ", hunk: "", file: "" };

/** A unified diff, rendered unified or side by side. */
export function DiffView({ diff }: { diff: string }) {
  const [split, setSplit] = useState(false);
  const lines = useMemo(() => parseDiff(diff), [diff]);
  return (
    <div className="mt-1 rounded border border-line-raised text-xs" data-testid="diff">
      <div
        className="flex justify-end gap-1 border-b border-line-raised px-2 py-1"
        role="group"
        aria-label="Diff layout"
      >
        <button
          type="button"
          aria-pressed={!split}
          onClick={() => setSplit(false)}
          className={cx("rounded px-1.5", !split && "bg-fill-strong")}
        >
          Unified
        </button>
        <button
          type="button"
          aria-pressed={split}
          onClick={() => setSplit(true)}
          className={cx("rounded px-1.5", split && "bg-fill-strong")}
        >
          Side by side
        </button>
      </div>
      <div className="max-h-[32rem] overflow-auto font-mono">
        {split ? (
          <table className="w-full table-fixed border-collapse">
            <tbody>
              {splitRows(lines).map((row, i) => (
                <tr key={i}>
                  <td
                    className={cx(
                      "w-1/2 whitespace-pre-wrap break-all px-2 align-top",
                      row.left && LINE_STYLE[row.left.kind],
                    )}
                  >
                    {row.left?.text}
                  </td>
                  <td
                    className={cx(
                      "w-1/2 whitespace-pre-wrap break-all border-l border-line-raised px-2 align-top",
                      row.right && LINE_STYLE[row.right.kind],
                    )}
                  >
                    {row.right?.text}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          lines.map((l, i) => (
            <div
              key={i}
              data-diff-line={l.kind}
              className={cx("whitespace-pre-wrap break-all px-2", LINE_STYLE[l.kind])}
            >
              {SIGN[l.kind]}
              {l.text}
            </div>
          ))
        )}
      </div>
    </div>
  );
}
