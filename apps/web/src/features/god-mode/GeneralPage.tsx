import { useEffect, useState, type FormEvent } from "react";
import { useAdminMe, useUpdateInstance } from "../../api/god-mode.ts";
import { useInstance } from "../../api/instance.ts";
import { ApiError, errorMessage } from "../../api/client.ts";
import { Button, Input, Toggle, useToast } from "../../components/ui/index.ts";
import { GodModeSection } from "./GodModeLayout.tsx";

export function GeneralPage() {
  const instance = useInstance();
  const admin = useAdminMe();
  const update = useUpdateInstance();
  const toast = useToast();
  const inst = instance.data?.instance;
  const [name, setName] = useState(() => inst?.instance_name ?? "");
  const [telemetry, setTelemetry] = useState(() => !!inst?.is_telemetry_enabled);
  // the saved values fill the form until the admin changes it: an answer arriving late never overwrites typing
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (inst && !edited) {
      setName(inst.instance_name ?? "");
      setTelemetry(!!inst.is_telemetry_enabled);
    }
  }, [inst?.id, inst?.instance_name, inst?.is_telemetry_enabled]); // eslint-disable-line react-hooks/exhaustive-deps
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { instance_name: name.trim(), is_telemetry_enabled: telemetry },
      {
        onSuccess: () => {
          setEdited(false);
          toast.show("success", "Settings saved");
        },
        onError: (err) =>
          toast.show("error", "Could not save", err instanceof ApiError ? errorMessage(err.body) : undefined),
      },
    );
  };
  return (
    <GodModeSection title="General" description="Identify this instance.">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Input
          label="Instance name"
          name="instance_name"
          maxLength={255}
          value={name}
          onChange={(e) => {
            setEdited(true);
            setName(e.target.value);
          }}
        />
        <Input label="Admin email" value={admin.data?.email ?? ""} disabled readOnly />
        <Input
          label="Instance ID"
          value={(inst as { instance_id?: string } | undefined)?.instance_id ?? ""}
          disabled
          readOnly
        />
        <Input label="Version" value={inst?.current_version ?? ""} disabled readOnly />
        <Toggle
          label="Telemetry"
          description="Send anonymous usage data to help improve Stride."
          checked={telemetry}
          onChange={(v) => {
            setEdited(true);
            setTelemetry(v);
          }}
        />
        <Button type="submit" loading={update.isPending}>
          Save changes
        </Button>
      </form>
    </GodModeSection>
  );
}
