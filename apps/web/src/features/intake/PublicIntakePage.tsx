import { useState, type FormEvent } from "react";
import { useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { publicIntakeFormQuery, useSubmitPublicIntake } from "../../api/intake.ts";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { Banner, Button, EmptyState, Input, PageSpinner, Textarea } from "../../components/ui/index.ts";

/**
 * The public intake form at `/spaces/intake/{anchor}`: no sign-in. A title, what is needed and the sender's
 * email; the request lands in the project's intake as pending.
 */
export function PublicIntakePage() {
  const { anchor = "" } = useParams();
  const form = useQuery(publicIntakeFormQuery(anchor));
  const submit = useSubmitPublicIntake(anchor);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [email, setEmail] = useState("");
  const errs = fieldErrors(submit.error);
  const limited = submit.error instanceof ApiError && submit.error.status === 429;
  const other =
    submit.error && !limited && Object.keys(errs).length === 0
      ? submit.error instanceof ApiError
        ? errorMessage(submit.error.body)
        : submit.error.message
      : null;

  if (form.isLoading) return <PageSpinner />;
  if (!form.data)
    return (
      <EmptyState
        title="This form is not available"
        description="The link may be old, or the form was turned off. Ask for a new link."
      />
    );
  const f = form.data;
  const send = (e: FormEvent) => {
    e.preventDefault();
    submit.mutate({ name: name.trim(), description, email: email.trim() });
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
        <form className="space-y-4" onSubmit={send} aria-label="Intake form">
          <Input
            label="Title"
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
          <Input
            label="Your email"
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
