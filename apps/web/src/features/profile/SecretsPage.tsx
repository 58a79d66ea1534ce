import { useState } from "react";
import { KeyRound } from "lucide-react";
import { formatDate, SECRET_MSG, SECRET_NAME_MAX, SECRET_NAME_RE, SECRET_VALUE_MAX } from "@stride/shared";
import { type CreateSecretBody } from "@stride/shared/contract";
import { ApiError, errorMessage, hasFieldErrors } from "../../api/client.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { useCreateSecret, useDeleteSecret, useMySecrets, useUpdateSecret, type UserSecret } from "../../api/secrets.ts";
import { Banner, Button, ConfirmModal, EmptyState, Input, PageSpinner, useToast } from "../../components/ui/index.ts";

/** A person's own secrets (values write-only, stored encrypted, shown masked); agents will use them by name. */
export function SecretsPage() {
  const secrets = useMySecrets();
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
              <SecretRow
                key={s.id}
                secret={s}
                onEdit={() => {
                  setEditing(s.id);
                  setAdding(false);
                }}
                onDelete={() => setDeleting(s)}
              />
            ),
          )}
        </ul>
      )}
      <DeleteSecret secret={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

type SecretValues = { name: string; value: string; description: string };

/** The request body: a new secret's value, or an edited one's if typed (empty keeps the saved value). */
const bodyOf =
  (editing: boolean) =>
  (v: SecretValues): CreateSecretBody =>
    ({
      name: v.name.trim(),
      description: v.description,
      ...(!editing || v.value.trim() ? { value: v.value } : {}),
    }) as CreateSecretBody;

/** The form's own words: a name of the allowed characters not used by another secret, a value for a new one. */
const ownChecks =
  (taken: string[], editing: boolean) =>
  (v: SecretValues): Record<string, string> => {
    const errs: Record<string, string> = {};
    const n = v.name.trim();
    if (!n) errs.name = "Name is required.";
    else if (!SECRET_NAME_RE.test(n)) errs.name = SECRET_MSG.nameChars;
    else if (taken.includes(n)) errs.name = SECRET_MSG.nameTaken;
    if (!editing && !v.value.trim()) errs.value = "Value is required.";
    return errs;
  };

/** Add a secret, or edit one (`secret`): its name, a new value, the description. */
function SecretForm({ secret, taken, onDone }: { secret?: UserSecret; taken: string[]; onDone: () => void }) {
  const create = useCreateSecret();
  const update = useUpdateSecret();
  const toast = useToast();
  const editing = !!secret;
  const {
    form,
    error,
    onSubmit: handle,
  } = useDialogForm<SecretValues>(
    { name: secret?.name ?? "", value: "", description: secret?.description ?? "" },
    schemaCheck((c) => (editing ? c.updateSecretBody : c.createSecretBody), bodyOf(editing), ownChecks(taken, editing)),
  );
  const onSubmit = handle((v, onError) => {
    const opts = {
      onSuccess: () => {
        toast.show("success", secret ? "Secret updated" : "Secret added");
        onDone();
      },
      onError: (err: Error) => {
        if (hasFieldErrors(err)) onError(err);
        else
          toast.show(
            "error",
            "Could not save the secret",
            err instanceof ApiError ? errorMessage(err.body) : err.message,
          );
      },
    };
    const body = bodyOf(editing)(v);
    if (secret) update.mutate({ id: secret.id, ...body }, opts);
    else create.mutate(body, opts);
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-3"
      aria-label={secret ? `Edit secret ${secret.name}` : "New secret"}
    >
      <Input
        label="Name"
        autoFocus
        maxLength={SECRET_NAME_MAX}
        error={error("name")}
        {...form.register("name")}
        placeholder="GITHUB_TOKEN"
      />
      <Input
        label="Value"
        type="password"
        autoComplete="off"
        maxLength={SECRET_VALUE_MAX}
        error={error("value")}
        {...form.register("value")}
        placeholder={secret ? `${secret.value_hint} — leave empty to keep it` : ""}
      />
      <Input label="Description" maxLength={1000} error={error("description")} {...form.register("description")} />
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

/** A saved secret: its name and description, the masked value, and edit and delete. */
function SecretRow({ secret: s, onEdit, onDelete }: { secret: UserSecret; onEdit: () => void; onDelete: () => void }) {
  return (
    <li data-secret={s.name} className="flex flex-wrap items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <div className="truncate font-mono text-sm font-medium">{s.name}</div>
        {s.description && <div className="truncate text-xs text-fg-subtle">{s.description}</div>}
      </div>
      <span className="font-mono text-xs text-fg-subtle" aria-label={`Value of ${s.name}, masked`}>
        {s.value_hint}
      </span>
      <span className="text-xs text-fg-subtle">Updated {formatDate(s.updated_at)}</span>
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${s.name}`}>
        Edit
      </Button>
      <Button size="sm" variant="secondary" onClick={onDelete} aria-label={`Delete ${s.name}`}>
        Delete
      </Button>
    </li>
  );
}

/** Asks before deleting a secret; a failure is told in a toast. */
function DeleteSecret({ secret, onClose }: { secret: UserSecret | null; onClose: () => void }) {
  const del = useDeleteSecret();
  const toast = useToast();
  return (
    <ConfirmModal
      open={!!secret}
      onClose={onClose}
      title="Delete secret"
      message={`Delete the secret "${secret?.name}"? Agents can no longer use it.`}
      confirmLabel="Delete"
      loading={del.isPending}
      onConfirm={() =>
        secret &&
        del.mutate(secret.id, {
          onSuccess: () => {
            toast.show("success", "Secret deleted");
            onClose();
          },
          onError: (err) => {
            onClose();
            toast.show(
              "error",
              "Could not delete the secret",
              err instanceof ApiError ? errorMessage(err.body) : err.message,
            );
          },
        })
      }
    />
  );
}
