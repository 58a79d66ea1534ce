import { useState } from "react";
import { KeyRound } from "lucide-react";
import { type ApiToken, type CreateApiTokenBody, type CreatedApiToken } from "@stride/shared/contract";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "../../api/api-tokens.ts";
import {
  Button,
  ConfirmModal,
  EmptyState,
  Input,
  Modal,
  PageSpinner,
  Select,
  Textarea,
  useToast,
} from "../../components/ui/index.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";

/** Expiry choices of a new token, in days (null: never). */
const EXPIRY_CHOICES: { label: string; days: number | null }[] = [
  { label: "Never", days: null },
  { label: "7 days", days: 7 },
  { label: "30 days", days: 30 },
  { label: "90 days", days: 90 },
  { label: "1 year", days: 365 },
];

/**
 * Settings → API tokens (admin only, platform.md §7): the admin's tokens for this workspace. A new token is shown
 * once, right after it is made; the list never shows it again. Revoking deletes it, so scripts using it stop at once.
 */
export function WorkspaceApiTokensSettings() {
  const { slug } = useCurrentWorkspace();
  const tokens = useApiTokens(slug);
  const revoke = useRevokeApiToken(slug);
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [revoking, setRevoking] = useState<{ id: string; label: string } | null>(null);
  if (tokens.isLoading) return <PageSpinner />;
  const list = tokens.data ?? [];

  return (
    <div className="max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">API tokens</h2>
          <p className="text-sm text-fg-subtle">
            Scripts and tools such as Plane&apos;s SDK call the{" "}
            <a className="underline" href="/api/v1/docs/">
              public API
            </a>{" "}
            with a token in the <code>X-API-Key</code> header. A token acts as you, in this workspace only.
          </p>
        </div>
        <Button onClick={() => setAdding(true)}>Add API token</Button>
      </div>
      {list.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title="No API tokens yet"
          description="Create a token to use the public API from scripts and integrations."
        />
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line" aria-label="API tokens">
          {list.map((t) => (
            <TokenRow key={t.id} token={t} onRevoke={(label) => setRevoking({ id: t.id, label })} />
          ))}
        </ul>
      )}
      <Modal open={adding} onClose={() => setAdding(false)} title="Add API token">
        <NewTokenForm slug={slug} onClose={() => setAdding(false)} />
      </Modal>
      <ConfirmModal
        open={!!revoking}
        onClose={() => setRevoking(null)}
        title="Revoke API token"
        message={`Revoke "${revoking?.label}"? Anything using it stops working at once.`}
        confirmLabel="Revoke"
        loading={revoke.isPending}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => toast.show("success", "Token revoked"),
            onSettled: () => setRevoking(null),
          });
        }}
      />
    </div>
  );
}

/** One token: its title, state, description and dates, and its revoke button. */
function TokenRow({ token: t, onRevoke }: { token: ApiToken; onRevoke: (label: string) => void }) {
  const fmt = useDateTimeFormat();
  const label = t.label || "Untitled token";
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-token={t.id}>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2 font-medium">
          <span className="truncate">{label}</span>
          <span
            className={
              t.is_active
                ? "rounded bg-success-soft px-1.5 text-xs text-success-strong"
                : "rounded bg-fill px-1.5 text-xs text-fg-muted"
            }
          >
            {t.is_active ? "Active" : "Expired"}
          </span>
        </div>
        {t.description && <div className="truncate text-sm text-fg-muted">{t.description}</div>}
        <div className="text-xs text-fg-subtle">
          Created {fmt.date(t.created_at)} ·{" "}
          {t.expired_at ? `${t.is_active ? "Expires" : "Expired"} ${fmt.date(t.expired_at)}` : "Never expires"} ·{" "}
          {t.last_used ? `Last used ${fmt.dateTime(t.last_used)}` : "Never used"}
        </div>
      </div>
      <Button variant="ghost" size="sm" aria-label={`Revoke ${label}`} onClick={() => onRevoke(label)}>
        Revoke
      </Button>
    </li>
  );
}

type TokenValues = { label: string; description: string; days: string };

/** The request body: the expiry is the chosen number of days from now (none: never). */
const tokenBodyOf = (v: TokenValues): CreateApiTokenBody => {
  const choice = EXPIRY_CHOICES.find((c) => String(c.days ?? "") === v.days);
  const expired_at = choice?.days ? new Date(Date.now() + choice.days * 86_400_000).toISOString() : null;
  return { label: v.label.trim(), description: v.description.trim(), expired_at };
};

const checkToken = schemaCheck((c) => c.createApiTokenBody, tokenBodyOf, undefined, { expired_at: "days" });

/** The form, then the new token once, with a copy button. */
function NewTokenForm({ slug, onClose }: { slug: string; onClose: () => void }) {
  const create = useCreateApiToken(slug);
  const toast = useToast();
  const { form, error, onSubmit } = useDialogForm<TokenValues>({ label: "", description: "", days: "" }, checkToken);
  const [made, setMade] = useState<CreatedApiToken | null>(null);

  if (made) {
    return (
      <div className="space-y-4">
        <p className="text-sm">Copy this token now. For your security it is not shown again.</p>
        <Input
          label="Your new API token"
          readOnly
          value={made.token}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono"
        />
        <div className="flex justify-end gap-2">
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(made.token).then(
                () => toast.show("success", "Token copied"),
                () => toast.show("error", "Could not copy", "Select the token and copy it yourself."),
              );
            }}
          >
            Copy token
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    );
  }

  const submit = onSubmit((v, onError) => create.mutate(tokenBodyOf(v), { onSuccess: (t) => setMade(t), onError }));
  return (
    <form className="space-y-4" onSubmit={submit}>
      <Input label="Title" required maxLength={255} error={error("label")} autoFocus {...form.register("label")} />
      <Textarea label="Description" error={error("description")} {...form.register("description")} />
      <Select label="Expires" error={error("days") ?? error("expired_at")} {...form.register("days")}>
        {EXPIRY_CHOICES.map((c) => (
          <option key={c.label} value={String(c.days ?? "")}>
            {c.label}
          </option>
        ))}
      </Select>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          loading={create.isPending}
          disabledReason={form.watch("label").trim() ? null : "Give the token a title"}
        >
          Create token
        </Button>
      </div>
    </form>
  );
}
