import { useState, type FormEvent } from "react";
import { KeyRound } from "lucide-react";
import { formatDate, SECRET_MSG, SECRET_NAME_MAX, SECRET_NAME_RE, SECRET_VALUE_MAX } from "@stride/shared";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import { useCreateSecret, useDeleteSecret, useMySecrets, useUpdateSecret, type UserSecret } from "../../api/secrets.ts";
import { Banner, Button, ConfirmModal, EmptyState, Input, PageSpinner, useToast } from "../../components/ui/index.ts";

/** A person's own secrets (values write-only, stored encrypted, shown masked); agents will use them by name. */
export function SecretsPage() {
  const secrets = useMySecrets();
  const del = useDeleteSecret();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<UserSecret | null>(null);
  if (secrets.isLoading) return <PageSpinner />;
  if (secrets.isError)
    return <Banner>{errorMessage((secrets.error as ApiError).body) ?? "Could not load your secrets."}</Banner>;
  const list = secrets.data ?? [];
  return (
    <div className="max-w-2xl space-y-4">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">Secrets</h2>
          <p className="mt-1 text-sm text-fg-subtle">
            Tokens and keys agents may use on your behalf, by name. Values are stored encrypted and never shown again.
          </p>
        </div>
        <Button
          onClick={() => {
            setAdding(true);
            setEditing(null);
          }}
        >
          Add secret
        </Button>
      </div>
      {adding && (
        <div className="rounded-lg border border-line p-4">
          <SecretForm taken={list.map((s) => s.name)} onDone={() => setAdding(false)} />
        </div>
      )}
      {list.length === 0 && !adding ? (
        <EmptyState
          icon={KeyRound}
          title="No secrets yet"
          description="Add a token, such as GITHUB_TOKEN, for agents to use."
        />
      ) : (
        <ul aria-label="Secrets" className="divide-y divide-line-subtle rounded-lg border border-line">
          {list.map((s) =>
            editing === s.id ? (
              <li key={s.id} className="px-4 py-3">
                <SecretForm
                  secret={s}
                  taken={list.filter((x) => x.id !== s.id).map((x) => x.name)}
                  onDone={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={s.id} data-secret={s.name} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <div className="truncate font-mono text-sm font-medium">{s.name}</div>
                  {s.description && <div className="truncate text-xs text-fg-subtle">{s.description}</div>}
                </div>
                <span className="font-mono text-xs text-fg-subtle" aria-label={`Value of ${s.name}, masked`}>
                  {s.value_hint}
                </span>
                <span className="text-xs text-fg-subtle">Updated {formatDate(s.updated_at)}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    setEditing(s.id);
                    setAdding(false);
                  }}
                  aria-label={`Edit ${s.name}`}
                >
                  Edit
                </Button>
                <Button size="sm" variant="secondary" onClick={() => setDeleting(s)} aria-label={`Delete ${s.name}`}>
                  Delete
                </Button>
              </li>
            ),
          )}
        </ul>
      )}
      <ConfirmModal
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title="Delete secret"
        message={`Delete the secret "${deleting?.name}"? Agents can no longer use it.`}
        confirmLabel="Delete"
        loading={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.show("success", "Secret deleted");
              setDeleting(null);
            },
            onError: (err) => {
              setDeleting(null);
              toast.show(
                "error",
                "Could not delete the secret",
                err instanceof ApiError ? errorMessage(err.body) : err.message,
              );
            },
          })
        }
      />
    </div>
  );
}

function SecretForm({ secret, taken, onDone }: { secret?: UserSecret; taken: string[]; onDone: () => void }) {
  const create = useCreateSecret();
  const update = useUpdateSecret();
  const toast = useToast();
  const [name, setName] = useState(secret?.name ?? "");
  const [value, setValue] = useState("");
  const [description, setDescription] = useState(secret?.description ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const errs: Record<string, string> = {};
    const n = name.trim();
    if (!n) errs.name = "Name is required.";
    else if (!SECRET_NAME_RE.test(n)) errs.name = SECRET_MSG.nameChars;
    else if (taken.includes(n)) errs.name = SECRET_MSG.nameTaken;
    if (!secret && !value.trim()) errs.value = "Value is required.";
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const opts = {
      onSuccess: () => {
        toast.show("success", secret ? "Secret updated" : "Secret added");
        onDone();
      },
      onError: (err: Error) => {
        const fe = fieldErrors(err);
        if (Object.keys(fe).length) setErrors(fe);
        else
          toast.show(
            "error",
            "Could not save the secret",
            err instanceof ApiError ? errorMessage(err.body) : err.message,
          );
      },
    };
    if (secret) update.mutate({ id: secret.id, name: n, description, ...(value.trim() ? { value } : {}) }, opts);
    else create.mutate({ name: n, value, description }, opts);
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-3"
      aria-label={secret ? `Edit secret ${secret.name}` : "New secret"}
    >
      <Input
        label="Name"
        name="name"
        autoFocus
        maxLength={SECRET_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
        placeholder="GITHUB_TOKEN"
      />
      <Input
        label="Value"
        name="value"
        type="password"
        autoComplete="off"
        maxLength={SECRET_VALUE_MAX}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={errors.value}
        placeholder={secret ? `${secret.value_hint} — leave empty to keep it` : ""}
      />
      <Input
        label="Description"
        name="description"
        maxLength={1000}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={create.isPending || update.isPending}>
          {secret ? "Save" : "Add secret"}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
