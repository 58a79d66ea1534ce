import { useForm } from "react-hook-form";
import { PAGE_ACCESS } from "@stride/shared";
import { Banner, Button, Input, Modal } from "../../components/ui/index.ts";
import { useCreatePage, type Page, type PageDetail } from "../../api/pages.ts";

/** The create-page modal (work-tracking.md §2): a name and the access, public by default; with `parent`, a sub-page of it. */
export function CreatePageModal({
  slug,
  pid,
  open,
  parent,
  onClose,
  onCreated,
}: {
  slug: string;
  pid: string;
  open: boolean;
  parent?: Pick<Page, "id" | "name"> | null;
  onClose: () => void;
  onCreated: (page: PageDetail) => void;
}) {
  const create = useCreatePage(slug, pid);
  const form = useForm<{ name: string; access: 0 | 1 }>({ defaultValues: { name: "", access: PAGE_ACCESS.PUBLIC } });
  const submit = form.handleSubmit(({ name, access }) =>
    create.mutate(
      { name: name.trim(), access, ...(parent ? { parent: parent.id } : {}) },
      {
        onSuccess: (page) => {
          form.reset();
          onCreated(page);
        },
      },
    ),
  );
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Create page"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="create-page" disabled={create.isPending}>
            Create page
          </Button>
        </>
      }
    >
      <form id="create-page" onSubmit={(e) => void submit(e)} className="space-y-4">
        {create.isError && <Banner kind="error">Failed to create a page, Please try again later.</Banner>}
        {parent && (
          <p className="text-sm text-fg-muted">
            A sub-page of <span className="font-medium">{parent.name.trim() || "Untitled"}</span>
          </p>
        )}
        <Input label="Name" maxLength={255} placeholder="Untitled" {...form.register("name")} />
        <AccessChoice value={form.watch("access")} onChange={(v) => form.setValue("access", v)} />
      </form>
    </Modal>
  );
}

/** Public (everyone in the project) or private (only the creator). */
function AccessChoice({ value: access, onChange }: { value: 0 | 1; onChange: (v: 0 | 1) => void }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">Access</legend>
      <div className="flex gap-4 text-sm">
        {(
          [
            [PAGE_ACCESS.PUBLIC, "Public", "Everyone in the project"],
            [PAGE_ACCESS.PRIVATE, "Private", "Only you"],
          ] as const
        ).map(([value, label, hint]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name="page-access"
              value={value}
              checked={access === value}
              onChange={() => onChange(value)}
            />
            <span>{label}</span>
            <span className="text-xs text-fg-subtle">{hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
