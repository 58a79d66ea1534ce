import { useState } from "react";
import { MODULE_STATUSES, type ModuleStatus } from "@stride/shared";
import type { ModuleCreateBody } from "@stride/shared/contract";
import { Banner, Button, Input, Modal, Select, Textarea } from "../ui/index.ts";
import { Dropdown } from "../work-item/Dropdown.tsx";
import { displayName } from "../work-item/properties.tsx";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { useProjectRefs } from "../../api/work-items-refs.ts";
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
  const [v, setV] = useState<Values>(() => fromModule(module));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (p: Partial<Values>) => setV((cur) => ({ ...cur, ...p }));
  const pending = create.isPending || update.isPending;

  const submit = () => {
    const name = v.name.trim();
    const local: Record<string, string> = {};
    if (!name) local.name = "A module needs a name.";
    if (v.start_date && v.target_date && v.start_date > v.target_date)
      local.target_date = "The target date cannot be before the start date.";
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length) return;
    const body: ModuleCreateBody = {
      name,
      description: v.description,
      status: v.status,
      start_date: v.start_date || null,
      target_date: v.target_date || null,
      lead_id: v.lead_id || null,
      member_ids: v.member_ids,
    };
    const onError = (e: Error) => {
      const fe = fieldErrors(e);
      if (Object.keys(fe).length) setErrors(fe);
      else setFailure((e instanceof ApiError ? errorMessage(e.body) : null) ?? e.message);
    };
    if (module) update.mutate({ id: module.id, patch: body }, { onSuccess: onClose, onError });
    else
      create.mutate(body, {
        onSuccess: (m) => {
          onCreated?.(m);
          onClose();
        },
        onError,
      });
  };

  const memberOptions = () =>
    refs.members.map((m) => ({ value: m.id, label: displayName(m), keywords: m.display_name }));
  const memberNames = v.member_ids.map((id) => displayName(refs.memberById.get(id)));
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
          <Button onClick={submit} disabled={pending}>
            {module ? "Save changes" : "Create module"}
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {failure && <Banner>{failure}</Banner>}
        <Input
          label="Name"
          value={v.name}
          maxLength={255}
          onChange={(e) => set({ name: e.target.value })}
          error={errors.name}
          placeholder="Module name"
        />
        <Textarea label="Description" value={v.description} onChange={(e) => set({ description: e.target.value })} />
        <div className="grid grid-cols-2 gap-3">
          <Input
            label="Start date"
            type="date"
            value={v.start_date}
            onChange={(e) => set({ start_date: e.target.value })}
            error={errors.start_date}
          />
          <Input
            label="Target date"
            type="date"
            value={v.target_date}
            onChange={(e) => set({ target_date: e.target.value })}
            error={errors.target_date ?? errors.non_field_errors}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Select
            label="Status"
            value={v.status}
            onChange={(e) => set({ status: e.target.value as ModuleStatus })}
            error={errors.status}
          >
            {MODULE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </Select>
          <Select
            label="Lead"
            value={v.lead_id}
            onChange={(e) => set({ lead_id: e.target.value })}
            error={errors.lead_id}
          >
            <option value="">No lead</option>
            {refs.members.map((m) => (
              <option key={m.id} value={m.id}>
                {displayName(m)}
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1">
          <span className="block text-sm font-medium text-fg-muted">Members</span>
          <Dropdown
            label="Members"
            multiple
            options={memberOptions}
            value={v.member_ids}
            onChange={(ids) => set({ member_ids: (ids as string[]) ?? [] })}
            buttonClassName="flex min-h-9 w-full items-center gap-2 rounded-md border border-line-strong px-3 py-1.5 text-left text-sm"
            emptyText="No members"
            button={
              <span className="truncate">
                {memberNames.length ? memberNames.join(", ") : <span className="text-fg-faint">Add members</span>}
              </span>
            }
          />
          {errors.member_ids && (
            <p role="alert" className="text-xs text-red-600">
              {errors.member_ids}
            </p>
          )}
        </div>
      </form>
    </Modal>
  );
}
