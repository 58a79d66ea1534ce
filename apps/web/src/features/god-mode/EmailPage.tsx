import { useEffect, useState, type FormEvent } from "react";
import {
  disableEmail,
  sendTestEmail,
  useAdminMe,
  useConfigurations,
  useConfigurationsFromEnv,
  useUpdateConfigurations,
} from "../../api/god-mode.ts";
import { ApiError, errorMessage } from "../../api/client.ts";
import { Banner, Button, Input, PageSpinner, Select, useToast } from "../../components/ui/index.ts";
import { useQueryClient } from "@tanstack/react-query";
import { qk } from "../../api/query-keys.ts";
import { GodModeSection } from "./GodModeLayout.tsx";

type Security = "none" | "tls" | "ssl";

/**
 * SMTP settings (all EMAIL_* keys + ENABLE_SMTP) and a test mail that shows the server's real answer. When the
 * server's environment sets SMTP (EMAIL_HOST), the fields are read-only and say so; the test mail still works.
 */
export function EmailPage() {
  const config = useConfigurations();
  const fromEnv = useConfigurationsFromEnv();
  const envSet = fromEnv.data?.has("EMAIL_HOST") ?? false;
  const update = useUpdateConfigurations();
  const admin = useAdminMe();
  const toast = useToast();
  const qc = useQueryClient();
  const [form, setForm] = useState({
    EMAIL_HOST: "",
    EMAIL_PORT: "587",
    EMAIL_HOST_USER: "",
    EMAIL_HOST_PASSWORD: "",
    EMAIL_FROM: "",
  });
  const [security, setSecurity] = useState<Security>("tls");
  const [receiver, setReceiver] = useState("");
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const c = config.data;
    if (!c) return;
    setForm({
      EMAIL_HOST: c.EMAIL_HOST ?? "",
      EMAIL_PORT: c.EMAIL_PORT || "587",
      EMAIL_HOST_USER: c.EMAIL_HOST_USER ?? "",
      EMAIL_HOST_PASSWORD: c.EMAIL_HOST_PASSWORD ?? "",
      EMAIL_FROM: c.EMAIL_FROM ?? "",
    });
    setSecurity(c.EMAIL_USE_SSL === "1" ? "ssl" : c.EMAIL_USE_TLS === "1" ? "tls" : "none");
  }, [config.data]);
  useEffect(() => {
    if (admin.data && !receiver) setReceiver(admin.data.email);
  }, [admin.data, receiver]);

  if (config.isLoading) return <PageSpinner />;
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const onSave = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    if (!form.EMAIL_HOST.trim()) errs.EMAIL_HOST = "Host is required.";
    if (!/^\d+$/.test(form.EMAIL_PORT) || Number(form.EMAIL_PORT) < 1 || Number(form.EMAIL_PORT) > 65535)
      errs.EMAIL_PORT = "Enter a port between 1 and 65535.";
    if (!/^.+@.+$|^.*<.+@.+>$/.test(form.EMAIL_FROM.trim()))
      errs.EMAIL_FROM = "Enter the sender address, e.g. Stride <no-reply@example.com>.";
    setErrors(errs);
    if (Object.keys(errs).length) return;
    update.mutate(
      {
        ...form,
        EMAIL_USE_TLS: security === "tls" ? "1" : "0",
        EMAIL_USE_SSL: security === "ssl" ? "1" : "0",
        ENABLE_SMTP: "1",
      },
      {
        onSuccess: () => toast.show("success", "Email settings saved"),
        onError: (err) =>
          toast.show("error", "Could not save", err instanceof ApiError ? errorMessage(err.body) : undefined),
      },
    );
  };
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
  const onDisable = async () => {
    try {
      await disableEmail();
      await qc.invalidateQueries({ queryKey: qk.admin.configurations });
      await qc.invalidateQueries({ queryKey: qk.instance });
      toast.show("success", "Email turned off");
    } catch (err) {
      toast.show("error", "Could not turn email off", err instanceof ApiError ? errorMessage(err.body) : undefined);
    }
  };
  return (
    <GodModeSection title="Email" description="SMTP server used for sign-in codes, password resets and invitations.">
      {envSet && (
        <Banner kind="info">
          These settings come from the server's environment (<code>EMAIL_HOST</code>, <code>EMAIL_PORT</code>,{" "}
          <code>EMAIL_HOST_USER</code>, <code>EMAIL_HOST_PASSWORD</code>, <code>EMAIL_FROM</code>,{" "}
          <code>EMAIL_USE_TLS</code>, <code>EMAIL_USE_SSL</code>) and cannot be changed here.
        </Banner>
      )}
      <form onSubmit={onSave} className="space-y-4" noValidate aria-label="SMTP settings">
        <fieldset disabled={envSet} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <Input
              label="Host"
              name="EMAIL_HOST"
              value={form.EMAIL_HOST}
              onChange={set("EMAIL_HOST")}
              error={errors.EMAIL_HOST}
              placeholder="smtp.example.com"
            />
            <Input
              label="Port"
              name="EMAIL_PORT"
              inputMode="numeric"
              value={form.EMAIL_PORT}
              onChange={set("EMAIL_PORT")}
              error={errors.EMAIL_PORT}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label="Username"
              name="EMAIL_HOST_USER"
              autoComplete="off"
              value={form.EMAIL_HOST_USER}
              onChange={set("EMAIL_HOST_USER")}
            />
            <Input
              label="Password"
              name="EMAIL_HOST_PASSWORD"
              type="password"
              autoComplete="new-password"
              value={form.EMAIL_HOST_PASSWORD}
              onChange={set("EMAIL_HOST_PASSWORD")}
              placeholder={envSet ? "from the environment" : undefined}
            />
          </div>
          <Input
            label="From address"
            name="EMAIL_FROM"
            value={form.EMAIL_FROM}
            onChange={set("EMAIL_FROM")}
            error={errors.EMAIL_FROM}
            placeholder="Stride <no-reply@example.com>"
          />
          <Select
            label="Security"
            name="security"
            value={security}
            onChange={(e) => setSecurity(e.target.value as Security)}
            hint="TLS (STARTTLS) and SSL are mutually exclusive."
          >
            <option value="tls">TLS (STARTTLS)</option>
            <option value="ssl">SSL</option>
            <option value="none">None</option>
          </Select>
          {!envSet && (
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={update.isPending}>
                Save changes
              </Button>
              {config.data?.EMAIL_HOST && (
                <Button variant="secondary" onClick={onDisable}>
                  Turn email off
                </Button>
              )}
            </div>
          )}
        </fieldset>
      </form>
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
    </GodModeSection>
  );
}
