import { useState, type FormEvent } from "react";
import { Copy, Send, RefreshCw, Pencil, Trash2, ScrollText } from "lucide-react";
import { WEBHOOK_EVENTS, type WebhookEvent } from "@stride/shared";
import { fieldErrors } from "../../api/client.ts";
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRegenerateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhook,
  useWebhookLogs,
  useWebhooks,
  type Webhook,
  type WebhookLog,
} from "../../api/webhooks.ts";
import {
  Banner,
  Button,
  ConfirmModal,
  EmptyState,
  Input,
  Modal,
  PageSpinner,
  Toggle,
  useToast,
} from "../../components/ui/index.ts";
import { copyText } from "../../lib/clipboard.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";

const EVENT_LABEL: Record<WebhookEvent, string> = {
  project: "Projects",
  issue: "Work items",
  module: "Modules",
  cycle: "Cycles",
  issue_comment: "Work item comments",
};

type Flags = Record<WebhookEvent, boolean>;
const flagsOf = (w: Webhook | null): Flags =>
  Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, w ? w[e] : true])) as Flags;

/** Workspace webhooks (platform.md §7): list, create, edit, secret shown once, test event and the delivery log. */
export function WorkspaceWebhooksSettings() {
  const { slug } = useCurrentWorkspace();
  const hooks = useWebhooks(slug);
  const remove = useDeleteWebhook(slug);
  const regenerate = useRegenerateWebhookSecret(slug);
  const sendTest = useSendWebhookTest(slug);
  const update = useUpdateWebhook(slug);
  const toast = useToast();
  const [editing, setEditing] = useState<Webhook | "new" | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [regenerating, setRegenerating] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  if (hooks.isLoading) return <PageSpinner />;
  const list = hooks.data ?? [];

  return (
    <div className="max-w-4xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">Webhooks</h2>
          <p className="text-sm text-fg-subtle">
            Send signed HTTP POST requests to another system when work changes in this workspace.
          </p>
        </div>
        <Button onClick={() => setEditing("new")}>Add webhook</Button>
      </div>
      {list.length === 0 ? (
        <EmptyState
          title="No webhooks yet"
          description="Add a webhook to tell another system about changes to projects, work items, cycles, modules and comments."
        />
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line" aria-label="Webhooks">
          {list.map((w) => {
            const events = WEBHOOK_EVENTS.filter((e) => w[e]).map((e) => EVENT_LABEL[e]);
            return (
              <li key={w.id} className="space-y-2 px-4 py-3" data-webhook={w.url}>
                <div className="flex flex-wrap items-center gap-3">
                  <div className="min-w-0 flex-1">
                    <div className="truncate font-mono text-sm" title={w.url}>
                      {w.url}
                    </div>
                    <div className="text-xs text-fg-subtle">
                      {events.length ? events.join(", ") : "No events selected"}
                    </div>
                  </div>
                  <span
                    className={
                      w.is_active
                        ? "rounded bg-success-soft px-2 py-0.5 text-xs text-success-strong"
                        : "rounded bg-fill px-2 py-0.5 text-xs text-fg-muted"
                    }
                  >
                    {w.is_active ? "Active" : "Inactive"}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`${w.is_active ? "Deactivate" : "Activate"} ${w.url}`}
                    onClick={() => update.mutate({ id: w.id, is_active: !w.is_active })}
                  >
                    {w.is_active ? "Deactivate" : "Activate"}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Send test event to ${w.url}`}
                    disabledReason={w.is_active ? null : "Activate the webhook to send a test event."}
                    loading={sendTest.isPending && sendTest.variables === w.id}
                    onClick={() =>
                      sendTest.mutate(w.id, {
                        onSuccess: () => {
                          setLogOf(w.id);
                          toast.show("success", "Test event queued", "It appears in the delivery log once sent.");
                        },
                      })
                    }
                  >
                    <Send size={14} aria-hidden /> Send test event
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delivery log of ${w.url}`}
                    aria-expanded={logOf === w.id}
                    onClick={() => setLogOf(logOf === w.id ? null : w.id)}
                  >
                    <ScrollText size={14} aria-hidden /> Log
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={`Edit ${w.url}`} onClick={() => setEditing(w)}>
                    <Pencil size={14} aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Regenerate the secret of ${w.url}`}
                    onClick={() => setRegenerating(w)}
                  >
                    <RefreshCw size={14} aria-hidden />
                  </Button>
                  <Button variant="ghost" size="sm" aria-label={`Delete ${w.url}`} onClick={() => setDeleting(w)}>
                    <Trash2 size={14} aria-hidden />
                  </Button>
                </div>
                {logOf === w.id && <DeliveryLog slug={slug} webhookId={w.id} />}
              </li>
            );
          })}
        </ul>
      )}
      <WebhookForm
        slug={slug}
        webhook={editing === "new" ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onCreated={(w) => {
          setEditing(null);
          if (w.secret_key) setSecret({ url: w.url, secret: w.secret_key });
        }}
      />
      <SecretModal shown={secret} onClose={() => setSecret(null)} />
      <ConfirmModal
        open={!!regenerating}
        onClose={() => setRegenerating(null)}
        title="Regenerate secret"
        message={
          <>
            Make a new secret for the webhook to <span className="break-all font-mono">{regenerating?.url}</span>? The
            current secret stops working at once: deliveries are signed with the new one, which the receiving system
            must then be given.
          </>
        }
        confirmLabel="Regenerate"
        loading={regenerate.isPending}
        onConfirm={() => {
          const w = regenerating;
          if (!w) return;
          regenerate.mutate(w.id, {
            onSettled: () => setRegenerating(null),
            onSuccess: (r) => r.secret_key && setSecret({ url: w.url, secret: r.secret_key }),
          });
        }}
      />
      <ConfirmModal
        open={!!deleting}
        onClose={() => setDeleting(null)}
        title="Delete webhook"
        message={`Delete the webhook to ${deleting?.url}? Nothing more is sent to it, and its delivery log goes too.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSettled: () => setDeleting(null),
            onSuccess: () => toast.show("success", "Webhook deleted"),
          })
        }
      />
    </div>
  );
}

function WebhookForm({
  slug,
  webhook,
  open,
  onClose,
  onCreated,
}: {
  slug: string;
  webhook: Webhook | null;
  open: boolean;
  onClose: () => void;
  onCreated: (w: Webhook) => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={webhook ? "Edit webhook" : "Add webhook"}>
      {open && (
        <WebhookFormBody
          key={webhook?.id ?? "new"}
          slug={slug}
          webhook={webhook}
          onClose={onClose}
          onCreated={onCreated}
        />
      )}
    </Modal>
  );
}

function WebhookFormBody({
  slug,
  webhook,
  onClose,
  onCreated,
}: {
  slug: string;
  webhook: Webhook | null;
  onClose: () => void;
  onCreated: (w: Webhook) => void;
}) {
  const create = useCreateWebhook(slug);
  const update = useUpdateWebhook(slug);
  const toast = useToast();
  const [url, setUrl] = useState(webhook?.url ?? "");
  const [active, setActive] = useState(webhook?.is_active ?? true);
  const [flags, setFlags] = useState<Flags>(flagsOf(webhook));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const body = { url: url.trim(), is_active: active, ...flags };
    const onError = (err: Error) => setErrors(fieldErrors(err));
    if (webhook)
      update.mutate(
        { id: webhook.id, ...body },
        {
          onSuccess: () => {
            toast.show("success", "Webhook updated");
            onClose();
          },
          onError,
        },
      );
    else create.mutate(body, { onSuccess: onCreated, onError });
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={webhook ? "Edit webhook" : "Add webhook"}>
      <Input
        label="Payload URL"
        type="url"
        required
        placeholder="https://example.com/stride-webhook"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg-muted">Events to send</legend>
        {WEBHOOK_EVENTS.map((ev) => (
          <label key={ev} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={flags[ev]}
              onChange={(e) => setFlags({ ...flags, [ev]: e.target.checked })}
            />
            {EVENT_LABEL[ev]}
          </label>
        ))}
      </fieldset>
      <Toggle label="Active" description="Inactive webhooks are sent nothing." checked={active} onChange={setActive} />
      {errors.error && <Banner>{errors.error}</Banner>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending || update.isPending}>
          {webhook ? "Save" : "Create webhook"}
        </Button>
      </div>
    </form>
  );
}

/** The secret, shown once (after create or regenerate) with a copy button. */
function SecretModal({ shown, onClose }: { shown: { url: string; secret: string } | null; onClose: () => void }) {
  const toast = useToast();
  return (
    <Modal open={!!shown} onClose={onClose} title="Webhook secret" footer={<Button onClick={onClose}>Done</Button>}>
      {shown && (
        <div className="space-y-3">
          <p className="text-sm">
            Deliveries to <span className="font-mono">{shown.url}</span> carry <code>X-Plane-Signature</code>, the hex
            HMAC-SHA256 of the raw body keyed with this secret. Copy it now: it is not shown again (you can regenerate
            it).
          </p>
          <div className="flex items-center gap-2">
            <Input
              aria-label="Secret key"
              readOnly
              value={shown.secret}
              className="font-mono"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button
              variant="secondary"
              aria-label="Copy secret key"
              onClick={async () => {
                if (await copyText(shown.secret)) toast.show("success", "Secret copied");
                else toast.show("error", "Could not copy the secret", "Select the key and copy it yourself.");
              }}
            >
              <Copy size={14} aria-hidden /> Copy
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function outcome(l: WebhookLog): { text: string; ok: boolean } {
  if (l.response_status === null) return { text: l.error ?? "No answer", ok: false };
  return { text: String(l.response_status), ok: l.response_status >= 200 && l.response_status < 300 };
}

/** Every attempt, newest first: when, event, outcome, duration, retry and what was sent and answered. */
function DeliveryLog({ slug, webhookId }: { slug: string; webhookId: string }) {
  const logs = useWebhookLogs(slug, webhookId);
  const fmt = useDateTimeFormat();
  if (logs.isLoading) return <PageSpinner />;
  const rows = logs.data ?? [];
  return (
    <section aria-label="Delivery log" className="rounded-md border border-line">
      {rows.length === 0 ? (
        <p className="px-3 py-2 text-sm text-fg-subtle">No deliveries yet.</p>
      ) : (
        <ul className="divide-y divide-line text-sm">
          {rows.map((l) => {
            const o = outcome(l);
            return (
              <li key={l.id} data-delivery={l.delivery_id} className="px-3 py-2">
                <details>
                  <summary className="flex cursor-pointer flex-wrap items-center gap-3">
                    <span className="text-fg-subtle">{fmt.dateTime(l.created_at)}</span>
                    <span className="font-medium">
                      {l.event_type} {l.action}
                    </span>
                    <span className={o.ok ? "text-success" : "text-danger"} data-status>
                      {o.text}
                    </span>
                    <span className="text-fg-subtle">{l.duration_ms} ms</span>
                    {l.retry_count > 0 && <span className="text-fg-subtle">retry {l.retry_count}</span>}
                    {l.next_retry_at && <span className="text-fg-subtle">next try {fmt.time(l.next_retry_at)}</span>}
                  </summary>
                  <div className="mt-2 space-y-2">
                    <div>
                      <div className="text-xs font-semibold uppercase text-fg-subtle">Request body</div>
                      <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-surface-sunken p-2 text-xs">
                        {l.request_body}
                      </pre>
                    </div>
                    {l.response_body !== null && (
                      <div>
                        <div className="text-xs font-semibold uppercase text-fg-subtle">Response</div>
                        <pre className="max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-surface-sunken p-2 text-xs">
                          {l.response_body}
                        </pre>
                      </div>
                    )}
                  </div>
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
