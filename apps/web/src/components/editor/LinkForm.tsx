import { useEffect, useRef, useState } from "react";

/** The link editor: the address (http, https or mailto; "example.com" becomes https://example.com). */
export function LinkForm({
  initial,
  onApply,
  onRemove,
  onCancel,
}: {
  initial: string;
  onApply: (v: string) => boolean;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const apply = () => {
    if (!onApply(value)) setError("Enter a web address (http or https) or an email address.");
  };
  return (
    <div className="flex flex-col gap-1 p-0.5">
      <div className="flex items-center gap-1">
        <input
          ref={input}
          aria-label="Link URL"
          aria-invalid={!!error}
          aria-describedby={error ? "editor-link-error" : undefined}
          value={value}
          placeholder="https://…"
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
            if (e.key === "Escape") {
              e.preventDefault();
              e.stopPropagation();
              onCancel();
            }
          }}
          className="h-7 w-60 rounded border border-line-strong bg-canvas px-2 text-xs text-fg outline-none focus:border-indigo-500"
        />
        <button
          type="button"
          onClick={apply}
          className="h-7 rounded bg-indigo-600 px-2 text-xs font-medium text-white hover:bg-indigo-500"
        >
          Apply
        </button>
        {initial && (
          <button type="button" onClick={onRemove} className="h-7 rounded px-2 text-xs text-fg-muted hover:bg-fill">
            Remove link
          </button>
        )}
      </div>
      {error && (
        <p id="editor-link-error" role="alert" className="px-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
