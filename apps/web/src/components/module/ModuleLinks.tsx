import { useState } from "react";
import { type CreateLinkBody } from "@stride/shared/contract";
import { Button, Input, cx } from "../ui/index.ts";
import { Icon } from "../work-item/icons.tsx";
import { useModuleLinks, type ModuleDetail } from "../../api/modules.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";

interface LinkValues {
  url: string;
  title: string;
}

const linkBodyOf = (v: LinkValues): CreateLinkBody => ({ url: v.url.trim(), title: v.title.trim() || null });

/** The server's body schema, with the form's own word for a missing address. */
const checkLink = schemaCheck(
  (c) => c.createLinkBody,
  linkBodyOf,
  (v): Record<string, string> => (v.url.trim() ? {} : { url: "Enter a URL." }),
);

/** What a part of the module's details panel is given: the module, and whether the caller may change it. */
export interface ModulePartProps {
  slug: string;
  pid: string;
  module: ModuleDetail;
  canEdit: boolean;
}

/** A module's links, and (for members) the form that adds one. */
export function ModuleLinks({ slug, pid, module: m, canEdit }: ModulePartProps) {
  const { add, remove } = useModuleLinks(slug, pid, m.id);
  const [open, setOpen] = useState(false);
  return (
    <section aria-label="Links" className="mt-5">
      <h3 className="mb-1 flex items-center justify-between font-medium">
        Links
        {canEdit && !open && (
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="rounded px-1.5 text-xs text-indigo-600 hover:bg-fill"
          >
            Add link
          </button>
        )}
      </h3>
      {open && <AddLinkForm add={add} onDone={() => setOpen(false)} />}
      {m.link_module.length === 0 && !open ? (
        <p className="text-xs text-fg-subtle">No links yet.</p>
      ) : (
        <ul className="space-y-1">
          {m.link_module.map((l) => (
            <li key={l.id} className="group flex items-center gap-2">
              <Icon name="link" size={14} className="shrink-0 text-fg-faint" />
              <a
                href={l.url}
                target="_blank"
                rel="noopener noreferrer"
                className="min-w-0 flex-1 truncate text-indigo-600 hover:underline"
              >
                {l.title || l.url}
              </a>
              {canEdit && (
                <button
                  type="button"
                  aria-label={`Remove link ${l.title || l.url}`}
                  onClick={() => remove.mutate(l.id)}
                  className={cx("rounded p-0.5 text-fg-faint hover:text-red-600")}
                >
                  <Icon name="trash" size={14} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The add-link form: the address (required, checked as the server checks it) and an optional title. */
function AddLinkForm({ add, onDone }: { add: ReturnType<typeof useModuleLinks>["add"]; onDone: () => void }) {
  const { form, error, formError, onSubmit } = useDialogForm<LinkValues>(
    { url: "", title: "" },
    checkLink,
    (e) => e.message,
  );
  const submit = onSubmit((v, onError) => add.mutate(linkBodyOf(v), { onSuccess: onDone, onError }));
  return (
    <form className="mb-2 space-y-2" onSubmit={(e) => void submit(e)}>
      <Input
        label="URL"
        placeholder="https://…"
        error={error("url") ?? formError ?? undefined}
        autoFocus
        {...form.register("url")}
      />
      <Input label="Title" placeholder="Optional" error={error("title")} {...form.register("title")} />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button size="sm" type="submit" disabled={add.isPending}>
          Add link
        </Button>
      </div>
    </form>
  );
}
