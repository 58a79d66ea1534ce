import { useRef } from "react";
import { PROJECT_UPDATE_STATUSES, type ProjectUpdateStatus } from "@stride/shared";
import type { ProjectUpdate } from "../../api/time-tracking.ts";
import type { ProjectRefs } from "../../api/work-items-refs.ts";
import { UpdateStatusChip } from "../../components/project/UpdateStatusChip.tsx";
import { Banner, Button, cx } from "../../components/ui/index.ts";
import { RichEditor, type RichEditorHandle } from "../../components/work-item/RichEditor.tsx";
import { useDialogForm } from "../../lib/settings-form.ts";
import { checkUpdate, type UpdateValues } from "./update-forms.ts";

/** A field's message under it (the rich editor and the status chips are no Input). */
export function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="text-xs text-danger">
      {error}
    </p>
  );
}

interface ComposerProps {
  slug: string;
  pid: string;
  refs: ProjectRefs;
  initial?: ProjectUpdate;
  pending: boolean;
  onSave: (values: UpdateValues, onError: (err: unknown) => void) => void;
  onCancel: () => void;
}

/**
 * The status picker and the written update: a new update, or an edit of one. `onSave` sends it and reports a
 * refusal to `onError` (the server's field messages land under their fields).
 */
export function Composer({ slug, pid, refs, initial, pending, onSave, onCancel }: ComposerProps) {
  const start: UpdateValues = {
    status: initial?.status ?? "ON-TRACK",
    description_html: initial?.description_html ?? "",
  };
  const { form, error, formError, onSubmit } = useDialogForm(start, checkUpdate);
  const editor = useRef<RichEditorHandle>(null);
  const submit = onSubmit(onSave);
  const save = () => {
    form.setValue("description_html", editor.current?.getHtml() ?? "<p></p>");
    void submit();
  };
  const status = form.watch("status");
  return (
    <form
      aria-label={initial ? "Edit update" : "New update"}
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
      className="space-y-3 rounded-lg border border-line p-4"
    >
      {formError && <Banner>{formError}</Banner>}
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">Status</legend>
        <div role="radiogroup" aria-label="Status" className="flex flex-wrap gap-2">
          {PROJECT_UPDATE_STATUSES.map((s: ProjectUpdateStatus) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={status === s}
              onClick={() => form.setValue("status", s)}
              className={cx(
                "rounded-full p-0.5 ring-2 ring-offset-1 ring-offset-canvas",
                status === s ? "ring-indigo-500" : "ring-transparent hover:ring-line-strong",
              )}
            >
              <UpdateStatusChip status={s} />
            </button>
          ))}
        </div>
        <FieldMessage id="update-status-error" error={error("status")} />
      </fieldset>
      <RichEditor
        ref={editor}
        label="Update"
        initialHtml={initial?.description_html}
        placeholder="What changed, what is next, what is in the way…"
        slug={slug}
        pid={pid}
        refs={refs}
        minHeight={90}
        autoFocus
        onSubmit={save}
      />
      <FieldMessage id="update-text-error" error={error("description_html")} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {initial ? "Save" : "Post update"}
        </Button>
      </div>
    </form>
  );
}
