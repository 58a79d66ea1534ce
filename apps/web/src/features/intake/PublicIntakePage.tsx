import { useState, type FormEvent } from "react";
import type { PublicFormProperty } from "@stride/shared/contract";
import { useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { publicIntakeFormQuery, useSubmitPublicIntake } from "../../api/intake.ts";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { Banner, Button, EmptyState, Input, PageSpinner, Textarea } from "../../components/ui/index.ts";
import { fieldLabel, PublicPropertyField } from "./PublicPropertyField.tsx";

/**
 * The server's refusal of `property_values` names its property ("Severity: …"): the text under that property's
 * field, and whatever names no field of the form (shown above the button).
 */
function propertyErrors(
  message: string | undefined,
  properties: PublicFormProperty[],
): { byId: Record<string, string>; rest: string | null } {
  if (!message) return { byId: {}, rest: null };
  const p = properties.find((x) => message.startsWith(`${x.name}: `));
  if (!p) return { byId: {}, rest: message };
  const text = message.slice(p.name.length + 2);
  return { byId: { [p.id]: text.charAt(0).toUpperCase() + text.slice(1) }, rest: null };
}

const NotAvailable = () => (
  <EmptyState
    title="This form is not available"
    description="The link may be old, or the form was turned off. Ask for a new link."
  />
);

/** A refusal that names no field of the form (shown above the button), or null. */
function unplacedError(error: Error | null, errs: Record<string, string>, rest: string | null): string | null {
  if (!error) return null;
  if (Object.keys(errs).length) return rest;
  return (error instanceof ApiError ? errorMessage(error.body) : error.message) ?? null;
}

/** The project's custom properties on the form, each with the server's refusal of it under it. */
function PropertyFields({
  properties,
  valueOf,
  onChange,
  errors,
  changed,
}: {
  properties: PublicFormProperty[];
  valueOf: (p: PublicFormProperty) => string[];
  onChange: (id: string, values: string[]) => void;
  errors: Record<string, string>;
  changed: ReadonlySet<string>;
}) {
  return properties.map((p) => (
    <PublicPropertyField
      key={p.id}
      property={p}
      value={valueOf(p)}
      onChange={(v) => onChange(p.id, v)}
      error={changed.has(p.id) ? undefined : errors[p.id]}
    />
  ));
}

/**
 * The values set so far (property id → values; a property not touched yet shows its default), and which changed
 * since the last refusal (their error no longer applies).
 */
function useValues() {
  const [values, setValues] = useState<Record<string, string[]>>({});
  const [changed, setChanged] = useState<ReadonlySet<string>>(new Set());
  const setValue = (id: string, v: string[]) => {
    setValues((cur) => ({ ...cur, [id]: v }));
    setChanged((cur) => new Set(cur).add(id));
  };
  return { values, setValue, changed, setChanged };
}

/**
 * The public intake form at `/spaces/intake/{anchor}`: no sign-in. A title, what is needed, the project's custom
 * properties a person outside it can fill in (issue #29; each starts at its default, required ones marked) and the
 * sender's email; the request lands in the project's intake as pending. The server checks everything and its
 * refusals show under their fields.
 */
export function PublicIntakePage() {
  const { anchor = "" } = useParams();
  const form = useQuery(publicIntakeFormQuery(anchor));
  const submit = useSubmitPublicIntake(anchor);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [email, setEmail] = useState("");
  const { values, setValue, changed, setChanged } = useValues();
  const errs = fieldErrors(submit.error);
  const propErrs = propertyErrors(errs.property_values, form.data?.properties ?? []);
  const valueOf = (p: PublicFormProperty) => values[p.id] ?? p.default_value;
  const limited = submit.error instanceof ApiError && submit.error.status === 429;
  const other = limited ? null : unplacedError(submit.error, errs, propErrs.rest);

  if (form.isLoading) return <PageSpinner />;
  if (!form.data) return <NotAvailable />;
  const f = form.data;
  const send = (e: FormEvent) => {
    e.preventDefault();
    const property_values = Object.fromEntries(f.properties.map((p) => [p.id, valueOf(p)]));
    const filled = f.properties.length ? { property_values } : {};
    setChanged(new Set());
    submit.mutate({ name: name.trim(), description, email: email.trim(), ...filled });
  };
  return (
    <main className="mx-auto w-full max-w-xl space-y-6 px-4 py-12">
      <header>
        <p className="text-sm text-fg-subtle">{f.workspace_name}</p>
        <h1 className="text-2xl font-semibold">Send a request to {f.project_name}</h1>
      </header>
      {submit.isSuccess ? (
        <Banner kind="success">
          Thank you. Your request reached {submit.data.project_name}; the team will follow up by email.
        </Banner>
      ) : (
        <form className="space-y-4" onSubmit={send} aria-label="Intake form" noValidate>
          <Input
            label={fieldLabel("Title", true)}
            required
            maxLength={255}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errs.name}
          />
          <Textarea
            label="Description"
            rows={6}
            maxLength={20000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            error={errs.description}
          />
          <PropertyFields
            properties={f.properties}
            valueOf={valueOf}
            onChange={setValue}
            errors={propErrs.byId}
            changed={changed}
          />
          <Input
            label={fieldLabel("Your email", true)}
            type="email"
            required
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errs.email}
          />
          {limited && <Banner>Too many requests from here. Try again in a minute.</Banner>}
          {other && <Banner>{other}</Banner>}
          <Button type="submit" loading={submit.isPending} disabled={!name.trim() || !email.trim()}>
            Send request
          </Button>
        </form>
      )}
    </main>
  );
}
