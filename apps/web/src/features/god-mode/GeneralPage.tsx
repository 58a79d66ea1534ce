import { useAdminMe, useUpdateInstance } from "../../api/god-mode.ts";
import { useInstance } from "../../api/instance.ts";
import { ApiError, errorMessage, hasFieldErrors } from "../../api/client.ts";
import { Button, Input, PageSpinner, Toggle, useToast } from "../../components/ui/index.ts";
import { schemaCheck, useSettingsForm } from "../../lib/settings-form.ts";
import { GodModeSection } from "./GodModeLayout.tsx";

type InstanceValues = { instance_name: string; is_telemetry_enabled: boolean };

const bodyOf = (v: InstanceValues) => ({ ...v, instance_name: v.instance_name.trim() });

const checkInstance = schemaCheck(
  (c) => c.instancePatchBody,
  bodyOf,
  (v): Record<string, string> => (v.instance_name.trim() ? {} : { instance_name: "Instance name is required." }),
);

export function GeneralPage() {
  const instance = useInstance();
  const admin = useAdminMe();
  const inst = instance.data?.instance;
  return (
    <GodModeSection title="General" description="Identify this instance.">
      {inst ? (
        <InstanceForm
          saved={{ instance_name: inst.instance_name ?? "", is_telemetry_enabled: !!inst.is_telemetry_enabled }}
          adminEmail={admin.data?.email ?? ""}
          instanceId={(inst as { instance_id?: string }).instance_id ?? ""}
          version={inst.current_version ?? ""}
        />
      ) : (
        <PageSpinner />
      )}
    </GodModeSection>
  );
}

/** The instance's name and telemetry from the saved values; the admin, id and version shown read-only. */
function InstanceForm({
  saved,
  adminEmail,
  instanceId,
  version,
}: {
  saved: InstanceValues;
  adminEmail: string;
  instanceId: string;
  version: string;
}) {
  const update = useUpdateInstance();
  const toast = useToast();
  const { form, error, onSubmit } = useSettingsForm(saved, checkInstance);
  const submit = onSubmit((v, onError) =>
    update.mutate(bodyOf(v), {
      onSuccess: () => toast.show("success", "Settings saved"),
      onError: (err) =>
        hasFieldErrors(err)
          ? onError(err)
          : toast.show("error", "Could not save", err instanceof ApiError ? errorMessage(err.body) : undefined),
    }),
  );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Input label="Instance name" maxLength={255} error={error("instance_name")} {...form.register("instance_name")} />
      <Input label="Admin email" value={adminEmail} disabled readOnly />
      <Input label="Instance ID" value={instanceId} disabled readOnly />
      <Input label="Version" value={version} disabled readOnly />
      <Toggle
        label="Telemetry"
        description="Send anonymous usage data to help improve Stride."
        checked={form.watch("is_telemetry_enabled")}
        onChange={(v) => form.setValue("is_telemetry_enabled", v)}
      />
      <Button type="submit" loading={update.isPending}>
        Save changes
      </Button>
    </form>
  );
}
