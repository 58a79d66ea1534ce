import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { ORGANIZATION_SIZES, WORKSPACE_NAME_MAX } from "@stride/shared";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { useDeleteWorkspace, useUpdateWorkspace } from "../../api/workspaces.ts";
import { Banner, Button, ConfirmModal, Input, Select, useToast } from "../../components/ui/index.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { TimezoneSelect } from "../../components/settings/TimezoneSelect.tsx";

export function WorkspaceGeneralSettings() {
  const { slug, workspace } = useCurrentWorkspace();
  const update = useUpdateWorkspace(slug);
  const del = useDeleteWorkspace(slug);
  const toast = useToast();
  const nav = useNavigate();
  const [name, setName] = useState(workspace.name);
  const [size, setSize] = useState(workspace.organization_size ?? "");
  const [timezone, setTimezone] = useState(workspace.timezone ?? "UTC");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [confirmText, setConfirmText] = useState("");
  useEffect(() => { setName(workspace.name); setSize(workspace.organization_size ?? ""); setTimezone(workspace.timezone ?? "UTC"); }, [workspace]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setErrors({ name: "Name is required." });
    setErrors({});
    setFormError(null);
    update.mutate({ name: name.trim(), organization_size: size || null, timezone } as never, {
      onSuccess: () => toast.show("success", "Workspace updated"),
      onError: (err) => {
        const fe = fieldErrors(err);
        if (Object.keys(fe).length) setErrors(fe);
        else setFormError(err instanceof ApiError ? errorMessage(err.body) ?? err.message : "Network error.");
      },
    });
  };
  return (
    <div className="max-w-2xl space-y-8">
      <h2 className="text-lg font-semibold">General</h2>
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Workspace details">
        {formError && <Banner>{formError}</Banner>}
        <Input label="Workspace name" name="name" maxLength={WORKSPACE_NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} error={errors.name} />
        <Input label="Workspace URL" value={`${location.origin}/${workspace.slug}/`} readOnly disabled />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label="Organization size" name="organization_size" value={size} onChange={(e) => setSize(e.target.value)} error={errors.organization_size}>
            <option value="">Not specified</option>
            {ORGANIZATION_SIZES.map((s) => <option key={s} value={s}>{s}</option>)}
          </Select>
          <TimezoneSelect name="timezone" value={timezone} onChange={(e) => setTimezone(e.target.value)} error={errors.timezone} />
        </div>
        <Button type="submit" loading={update.isPending}>Save changes</Button>
      </form>
      <section className="space-y-3 rounded-lg border border-danger-line p-4" aria-label="Danger zone">
        <h3 className="font-medium text-danger">Delete workspace</h3>
        <p className="text-sm text-fg-subtle">Deleting a workspace removes its projects and everything in them.</p>
        <Button variant="danger" onClick={() => setConfirm(true)}>Delete workspace</Button>
      </section>
      <ConfirmModal
        open={confirm}
        onClose={() => { setConfirm(false); setConfirmText(""); }}
        title="Delete workspace"
        confirmLabel="Delete"
        loading={del.isPending}
        message={<div className="space-y-3"><p>Type <strong>{workspace.slug}</strong> to confirm.</p><Input aria-label="Workspace URL" value={confirmText} onChange={(e) => setConfirmText(e.target.value)} /></div>}
        onConfirm={() => {
          if (confirmText !== workspace.slug) { toast.show("warning", "Type the workspace URL to confirm"); return; }
          del.mutate(undefined, { onSuccess: () => { toast.show("success", "Workspace deleted"); nav("/"); }, onError: (err) => toast.show("error", "Could not delete the workspace", err instanceof ApiError ? errorMessage(err.body) : err.message) });
        }}
      />
    </div>
  );
}
