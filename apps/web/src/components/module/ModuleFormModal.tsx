import { MODULE_STATUSES, type ModuleStatus } from "@stride/shared";
import type { UseFormReturn } from "react-hook-form";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the form checks with the server's own body schema
import { htmlText, moduleBodies, type ModuleCreateBody } from "@stride/shared/contract";
import { Banner, Button, Input, Modal, Select, Textarea } from "../ui/index.ts";
import { MultiPicker } from "../work-item/MultiPicker.tsx";
import { displayName, PersonOptions } from "../work-item/properties.tsx";
import { useProjectRefs, type ProjectRefs } from "../../api/work-items-refs.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { useCreateModule, useUpdateModule, type Module } from "../../api/modules.ts";
import { STATUS_LABEL } from "./ModuleBits.tsx";

interface Values {
  name: string;
  description: string;
  status: ModuleStatus;
  start_date: string;
  target_date: string;
  lead_id: string;
  member_ids: string[];
}

const fromModule = (m?: Module | null): Values => ({
  name: m?.name ?? "",
  description: m?.description ?? "",
  status: m?.status ?? "planned",
  start_date: m?.start_date ?? "",
  target_date: m?.target_date ?? "",
  lead_id: m?.lead_id ?? "",
  member_ids: m?.member_ids ?? [],
});

/** The dialog's own checks beside the server's schema: a name in its words, and dates in order. */
const ownChecks = (v: Values) => {
  const local: Record<string, string> = {};
  if (!v.name.trim()) local.name = "A module needs a name.";
  if (v.start_date && v.target_date && v.start_date > v.target_date)
    local.target_date = "The target date cannot be before the start date.";
  return local;
};

const bodyOf = (v: Values): ModuleCreateBody => ({
  name: v.name.trim(),
  description: v.description,
  status: v.status,
  start_date: v.start_date || null,
  target_date: v.target_date || null,
  lead_id: v.lead_id || null,
  member_ids: v.member_ids,
});

const checkModule = schemaCheck(moduleBodies(htmlText).create, bodyOf, ownChecks);

/** Create a module, or edit one (`module`): name, description, status, dates, lead and members. */
export function ModuleFormModal({
  slug,
  pid,
  module,
  onClose,
  onCreated,
}: {
  slug: string;
  pid: string;
  module?: Module | null;
  onClose: () => void;
  onCreated?: (m: Module) => void;
}) {
  const refs = useProjectRefs(slug, pid);
  const create = useCreateModule(slug, pid);
  const update = useUpdateModule(slug, pid);
  const { form, error, formError, onSubmit } = useDialogForm(fromModule(module), checkModule, (e) => e.message);
  const pending = create.isPending || update.isPending;

  const submit = onSubmit((v, onError) => {
    const body = bodyOf(v);
    if (module) update.mutate({ id: module.id, patch: body }, { onSuccess: onClose, onError });
    else
      create.mutate(body, {
        onSuccess: (m) => {
          onCreated?.(m);
          onClose();
        },
        onError,
      });
  });

  return (
    <Modal
      open
      onClose={onClose}
      title={module ? "Edit module" : "Create module"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={pending}>
            {module ? "Save changes" : "Create module"}
          </Button>
        </>
      }
    >
      <form className="space-y-3" onSubmit={(e) => void submit(e)}>
        {formError && <Banner>{formError}</Banner>}
        <Input
          label="Name"
          maxLength={255}
          error={error("name")}
          placeholder="Module name"
          {...form.register("name")}
        />
        <Textarea label="Description" {...form.register("description")} />
        <ModuleFields form={form} error={error} refs={refs} />
        <MultiPicker
          label="Members"
          options={() => refs.members.map((m) => ({ value: m.id, label: displayName(m), keywords: m.display_name }))}
          value={form.watch("member_ids")}
          onChange={(ids) => form.setValue("member_ids", ids)}
          names={form.watch("member_ids").map((id) => displayName(refs.memberById.get(id)))}
          placeholder="Add members"
          error={error("member_ids")}
        />
      </form>
    </Modal>
  );
}

/** The dates, the status and the lead. */
function ModuleFields({
  form,
  error,
  refs,
}: {
  form: UseFormReturn<Values>;
  error: (k: string) => string | undefined;
  refs: ProjectRefs;
}) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Input label="Start date" type="date" error={error("start_date")} {...form.register("start_date")} />
        <Input
          label="Target date"
          type="date"
          error={error("target_date") ?? error("non_field_errors")}
          {...form.register("target_date")}
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Select label="Status" error={error("status")} {...form.register("status")}>
          {MODULE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </Select>
        <Select label="Lead" error={error("lead_id")} {...form.register("lead_id")}>
          <option value="">No lead</option>
          <PersonOptions people={refs.members} />
        </Select>
      </div>
    </>
  );
}
