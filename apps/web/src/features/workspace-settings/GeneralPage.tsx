import { useState } from "react";
import { useNavigate } from "react-router";
import { ORGANIZATION_SIZES, WORKSPACE_NAME_MAX } from "@stride/shared";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useDeleteWorkspace, useUpdateWorkspace } from "../../api/workspaces.ts";
import { Banner, Button, ConfirmModal, Input, Select, useToast } from "../../components/ui/index.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { TimezoneSelect } from "../../components/settings/TimezoneSelect.tsx";
import { useSettingsForm } from "../../lib/settings-form.ts";

type WorkspaceForm = { name: string; size: string; timezone: string };
const checkWorkspace = (f: WorkspaceForm): Record<string, string> =>
  f.name.trim() ? {} : { name: "Name is required." };

export function WorkspaceGeneralSettings() {
  const { slug, workspace } = useCurrentWorkspace();
  const update = useUpdateWorkspace(slug);
  const del = useDeleteWorkspace(slug);
  const toast = useToast();
  const nav = useNavigate();
  const { form, error, formError, onSubmit } = useSettingsForm<WorkspaceForm>(
    { name: workspace.name, size: workspace.organization_size ?? "", timezone: workspace.timezone ?? "UTC" },
    checkWorkspace,
  );
  const { name, size, timezone } = form.watch();
  const [confirm, setConfirm] = useState(false);
  const [confirmText, setConfirmText] = useState("");

  const save = onSubmit((f, onError) => {
    update.mutate({ name: f.name.trim(), organization_size: f.size || null, timezone: f.timezone } as never, {
      onSuccess: () => toast.show("success", "Workspace updated"),
      onError,
    });
  });
  return (
    <div className="max-w-2xl space-y-8">
      <h2 className="text-lg font-semibold">General</h2>
      <form onSubmit={save} className="space-y-4" noValidate aria-label="Workspace details">
        {formError && <Banner>{formError}</Banner>}
        <Input
          label="Workspace name"
          name="name"
          maxLength={WORKSPACE_NAME_MAX}
          value={name}
          onChange={(e) => form.setValue("name", e.target.value)}
          error={error("name")}
        />
        <Input label="Workspace URL" value={`${location.origin}/${workspace.slug}/`} readOnly disabled />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Organization size"
            name="organization_size"
            value={size}
            onChange={(e) => form.setValue("size", e.target.value)}
            error={error("organization_size")}
          >
            <option value="">Not specified</option>
            {ORGANIZATION_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
          <TimezoneSelect
            name="timezone"
            value={timezone}
            onChange={(e) => form.setValue("timezone", e.target.value)}
            error={error("timezone")}
          />
        </div>
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </form>
      <section className="space-y-3 rounded-lg border border-danger-line p-4" aria-label="Danger zone">
        <h3 className="font-medium text-danger">Delete workspace</h3>
        <p className="text-sm text-fg-subtle">Deleting a workspace removes its projects and everything in them.</p>
        <Button variant="danger" onClick={() => setConfirm(true)}>
          Delete workspace
        </Button>
      </section>
      <ConfirmModal
        open={confirm}
        onClose={() => {
          setConfirm(false);
          setConfirmText("");
        }}
        title="Delete workspace"
        confirmLabel="Delete"
        loading={del.isPending}
        message={
          <div className="space-y-3">
            <p>
              Type <strong>{workspace.slug}</strong> to confirm.
            </p>
            <Input aria-label="Workspace URL" value={confirmText} onChange={(e) => setConfirmText(e.target.value)} />
          </div>
        }
        onConfirm={() => {
          if (confirmText !== workspace.slug) {
            toast.show("warning", "Type the workspace URL to confirm");
            return;
          }
          del.mutate(undefined, {
            onSuccess: () => {
              toast.show("success", "Workspace deleted");
              nav("/");
            },
            onError: (err) =>
              toast.show(
                "error",
                "Could not delete the workspace",
                err instanceof ApiError ? errorMessage(err.body) : err.message,
              ),
          });
        }}
      />
    </div>
  );
}
