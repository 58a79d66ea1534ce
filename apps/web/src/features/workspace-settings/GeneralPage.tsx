import { useState } from "react";
import { useNavigate } from "react-router";
import { ORGANIZATION_SIZES, WORKSPACE_NAME_MAX } from "@stride/shared";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useDeleteWorkspace, useUpdateWorkspace } from "../../api/workspaces.ts";
import { Banner, Button, ConfirmModal, Input, Select, useToast } from "../../components/ui/index.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { TimezoneSelect } from "../../components/settings/TimezoneSelect.tsx";
import { schemaCheck, useSettingsForm } from "../../lib/settings-form.ts";

type WorkspaceForm = { name: string; organization_size: string; timezone: string };

/** The request body: the name trimmed, no size as null. */
const bodyOf = (f: WorkspaceForm) => ({
  name: f.name.trim(),
  organization_size: f.organization_size || null,
  timezone: f.timezone,
});

const checkWorkspace = schemaCheck(
  (c) => c.updateWorkspaceBody,
  bodyOf,
  (f): Record<string, string> => (f.name.trim() ? {} : { name: "Name is required." }),
);

export function WorkspaceGeneralSettings() {
  const { slug, workspace } = useCurrentWorkspace();
  const update = useUpdateWorkspace(slug);
  const toast = useToast();
  const { form, error, formError, onSubmit } = useSettingsForm<WorkspaceForm>(
    {
      name: workspace.name,
      organization_size: workspace.organization_size ?? "",
      timezone: workspace.timezone ?? "UTC",
    },
    checkWorkspace,
  );

  const save = onSubmit((f, onError) => {
    update.mutate(bodyOf(f) as never, {
      onSuccess: () => toast.show("success", "Workspace updated"),
      onError,
    });
  });
  return (
    <div className="max-w-2xl space-y-8">
      <h2 className="text-lg font-semibold">General</h2>
      <form onSubmit={save} className="space-y-4" noValidate aria-label="Workspace details">
        {formError && <Banner>{formError}</Banner>}
        <Input label="Workspace name" maxLength={WORKSPACE_NAME_MAX} error={error("name")} {...form.register("name")} />
        <Input label="Workspace URL" value={`${location.origin}/${workspace.slug}/`} readOnly disabled />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select label="Organization size" error={error("organization_size")} {...form.register("organization_size")}>
            <option value="">Not specified</option>
            {ORGANIZATION_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
          <TimezoneSelect
            name="timezone"
            value={form.watch("timezone")}
            onChange={(e) => form.setValue("timezone", e.target.value)}
            error={error("timezone")}
          />
        </div>
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </form>
      <DeleteWorkspace slug={slug} />
    </div>
  );
}

/** The danger zone: deleting the workspace, confirmed by typing its URL. */
function DeleteWorkspace({ slug }: { slug: string }) {
  const del = useDeleteWorkspace(slug);
  const toast = useToast();
  const nav = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const [confirmText, setConfirmText] = useState("");
  return (
    <>
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
              Type <strong>{slug}</strong> to confirm.
            </p>
            <Input aria-label="Workspace URL" value={confirmText} onChange={(e) => setConfirmText(e.target.value)} />
          </div>
        }
        onConfirm={() => {
          if (confirmText !== slug) {
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
    </>
  );
}
