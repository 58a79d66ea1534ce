import { useEffect, useRef, useState } from "react";
import { UNTITLED } from "../../../components/work-item/item.ts";

const FIELD_SIZING = typeof CSS !== "undefined" && CSS.supports("field-sizing", "content");

/** The title: edits in place; an empty name shows "Untitled" and is not saved. */
export function TitleEditor({
  name,
  editable,
  onSave,
}: {
  name: string;
  editable: boolean;
  onSave: (name: string) => void;
}) {
  const [value, setValue] = useState(name);
  const focused = useRef(false);
  const ta = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!focused.current) setValue(name);
  }, [name]);
  useEffect(() => {
    const el = ta.current;
    // where CSS sizes the field to its text (`field-sizing: content`), no measuring: reading scrollHeight forces a
    // layout of the whole page in the middle of the screen's first render (20–80 ms on the work-item screens)
    if (el && !FIELD_SIZING) {
      el.style.height = "auto";
      el.style.height = `${el.scrollHeight}px`;
    }
  }, [value]);
  const save = () => {
    focused.current = false;
    const n = value.trim();
    if (!n) {
      setValue(name);
      return;
    }
    if (n !== name) onSave(n);
  };
  return (
    <textarea
      ref={ta}
      aria-label="Title"
      rows={1}
      value={value}
      readOnly={!editable}
      maxLength={255}
      placeholder={UNTITLED}
      onFocus={() => {
        focused.current = true;
      }}
      onChange={(e) => setValue(e.target.value.replace(/\n/g, ""))}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          (e.target as HTMLTextAreaElement).blur();
        }
        if (e.key === "Escape") {
          setValue(name);
          (e.target as HTMLTextAreaElement).blur();
        }
      }}
      className="w-full resize-none overflow-hidden rounded-md [field-sizing:content] border border-transparent bg-transparent px-1 py-0.5 text-xl font-semibold text-fg outline-none hover:border-line-raised focus:border-indigo-400"
    />
  );
}
