import { useEffect, useState } from "react";
import {
  disableEmail,
  sendTestEmail,
  useAdminMe,
  useConfigurations,
  useConfigurationsFromEnv,
  useUpdateConfigurations,
} from "../../api/god-mode.ts";
import { ApiError, errorMessage, hasFieldErrors } from "../../api/client.ts";
import { Banner, Button, Input, PageSpinner, Select, useToast } from "../../components/ui/index.ts";
import { useQueryClient } from "@tanstack/react-query";
import { qk } from "../../api/query-keys.ts";
import { schemaCheck, useSettingsForm } from "../../lib/settings-form.ts";
import { GodModeSection } from "./GodModeLayout.tsx";

type Security = "none" | "tls" | "ssl";
type SmtpValues = {
  EMAIL_HOST: string;
  EMAIL_PORT: string;
  EMAIL_HOST_USER: string;
  EMAIL_HOST_PASSWORD: string;
  EMAIL_FROM: string;
  security: Security;
};

/** The saved settings as the form holds them (TLS when nothing is saved). */
const valuesOf = (c: Record<string, string | undefined>): SmtpValues => ({
  EMAIL_HOST: c.EMAIL_HOST ?? "",
  EMAIL_PORT: c.EMAIL_PORT || "587",
  EMAIL_HOST_USER: c.EMAIL_HOST_USER ?? "",
  EMAIL_HOST_PASSWORD: c.EMAIL_HOST_PASSWORD ?? "",
  EMAIL_FROM: c.EMAIL_FROM ?? "",
  security: c.EMAIL_USE_SSL === "1" ? "ssl" : c.EMAIL_USE_TLS === "1" ? "tls" : "none",
});

/** The configuration patch: the fields, the security as the two flags, and email turned on. */
const bodyOf = ({ security, ...fields }: SmtpValues): Record<string, string> => ({
  ...fields,
  EMAIL_USE_TLS: security === "tls" ? "1" : "0",
  EMAIL_USE_SSL: security === "ssl" ? "1" : "0",
  ENABLE_SMTP: "1",
});

/** The form's own words: a host, a port number, a sender address. */
function ownChecks(v: SmtpValues): Record<string, string> {
  const errs: Record<string, string> = {};
  if (!v.EMAIL_HOST.trim()) errs.EMAIL_HOST = "Host is required.";
  if (!/^\d+$/.test(v.EMAIL_PORT) || Number(v.EMAIL_PORT) < 1 || Number(v.EMAIL_PORT) > 65535)
    errs.EMAIL_PORT = "Enter a port between 1 and 65535.";
  if (!/^.+@.+$|^.*<.+@.+>$/.test(v.EMAIL_FROM.trim()))
    errs.EMAIL_FROM = "Enter the sender address, e.g. Stride <no-reply@example.com>.";
  return errs;
}

const checkSmtp = schemaCheck((c) => c.configPatchBody, bodyOf, ownChecks);

/**
 * SMTP settings (all EMAIL_* keys + ENABLE_SMTP) and a test mail that shows the server's real answer. When the
 * server's environment sets SMTP (EMAIL_HOST), the fields are read-only and say so; the test mail still works.
 */
export function EmailPage() {
  const config = useConfigurations();
  const fromEnv = useConfigurationsFromEnv();
  const envSet = fromEnv.data?.has("EMAIL_HOST") ?? false;
  if (config.isLoading) return <PageSpinner />;
  return (
    <GodModeSection title="Email" description="SMTP server used for sign-in codes, password resets and invitations.">
      {envSet && (
        <Banner kind="info">
          These settings come from the server's environment (<code>EMAIL_HOST</code>, <code>EMAIL_PORT</code>,{" "}
          <code>EMAIL_HOST_USER</code>, <code>EMAIL_HOST_PASSWORD</code>, <code>EMAIL_FROM</code>,{" "}
          <code>EMAIL_USE_TLS</code>, <code>EMAIL_USE_SSL</code>) and cannot be changed here.
        </Banner>
      )}
      <SmtpForm saved={config.data ?? {}} envSet={envSet} />
      <TestEmail />
    </GodModeSection>
  );
}

/** The SMTP fields from the saved values (read-only when the environment sets them); save, or turn email off. */
function SmtpForm({ saved, envSet }: { saved: Record<string, string | undefined>; envSet: boolean }) {
  const update = useUpdateConfigurations();
  const toast = useToast();
  const turnOff = useTurnEmailOff();
  const { form, error, onSubmit } = useSettingsForm(valuesOf(saved), checkSmtp);
  const save = onSubmit((v, onError) =>
    update.mutate(bodyOf(v), {
      onSuccess: () => toast.show("success", "Email settings saved"),
      onError: (err) =>
        hasFieldErrors(err)
          ? onError(err)
          : toast.show("error", "Could not save", err instanceof ApiError ? errorMessage(err.body) : undefined),
    }),
  );
  return (
    <form onSubmit={save} className="space-y-4" noValidate aria-label="SMTP settings">
      <fieldset disabled={envSet} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Input
            label="Host"
            error={error("EMAIL_HOST")}
            placeholder="smtp.example.com"
            {...form.register("EMAIL_HOST")}
          />
          <Input label="Port" inputMode="numeric" error={error("EMAIL_PORT")} {...form.register("EMAIL_PORT")} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="Username" autoComplete="off" {...form.register("EMAIL_HOST_USER")} />
          <Input
            label="Password"
            type="password"
            autoComplete="new-password"
            placeholder={envSet ? "from the environment" : undefined}
            {...form.register("EMAIL_HOST_PASSWORD")}
          />
        </div>
        <Input
          label="From address"
          error={error("EMAIL_FROM")}
          placeholder="Stride <no-reply@example.com>"
          {...form.register("EMAIL_FROM")}
        />
        <Select label="Security" hint="TLS (STARTTLS) and SSL are mutually exclusive." {...form.register("security")}>
          <option value="tls">TLS (STARTTLS)</option>
          <option value="ssl">SSL</option>
          <option value="none">None</option>
        </Select>
        {!envSet && (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={update.isPending}>
              Save changes
            </Button>
            {saved.EMAIL_HOST && (
              <Button variant="secondary" onClick={turnOff}>
                Turn email off
              </Button>
            )}
          </div>
        )}
      </fieldset>
    </form>
  );
}

/** Turns email off (the saved settings stay), then reads the configuration and the instance again. */
function useTurnEmailOff() {
  const toast = useToast();
  const qc = useQueryClient();
  return async () => {
    try {
      await disableEmail();
      await qc.invalidateQueries({ queryKey: qk.admin.configurations });
      await qc.invalidateQueries({ queryKey: qk.instance });
      toast.show("success", "Email turned off");
    } catch (err) {
      toast.show("error", "Could not turn email off", err instanceof ApiError ? errorMessage(err.body) : undefined);
    }
  };
}

/** A test mail to any address (the admin's by default), with the SMTP server's own answer. */
function TestEmail() {
  const admin = useAdminMe();
  const [receiver, setReceiver] = useState("");
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  useEffect(() => {
    if (admin.data && !receiver) setReceiver(admin.data.email);
  }, [admin.data, receiver]);
  const onTest = async () => {
    setTesting(true);
    setTestResult(null);
    try {
      const r = await sendTestEmail(receiver.trim());
      setTestResult({ ok: true, text: r.message });
    } catch (err) {
      setTestResult({
        ok: false,
        text: err instanceof ApiError ? (errorMessage(err.body) ?? err.message) : "Network error.",
      });
    } finally {
      setTesting(false);
    }
  };
  return (
    <div className="space-y-3 border-t border-line pt-6">
      <h2 className="font-medium">Send a test email</h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <Input
            label="Send to"
            type="email"
            name="receiver_email"
            value={receiver}
            onChange={(e) => setReceiver(e.target.value)}
          />
        </div>
        <Button variant="secondary" loading={testing} disabled={!receiver.trim()} onClick={onTest}>
          Send test email
        </Button>
      </div>
      {testResult && <Banner kind={testResult.ok ? "success" : "error"}>{testResult.text}</Banner>}
    </div>
  );
}
