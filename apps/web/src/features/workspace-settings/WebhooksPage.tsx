import { useState } from "react";
import { Copy, Send, RefreshCw, Pencil, Trash2, ScrollText } from "lucide-react";
import { WEBHOOK_EVENTS } from "@stride/shared";
import {
  useDeleteWebhook,
  useRegenerateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhook,
  useWebhookLogs,
  useWebhooks,
  type Webhook,
  type WebhookLog,
} from "../../api/webhooks.ts";
import { Button, ConfirmModal, EmptyState, Input, Modal, PageSpinner, useToast } from "../../components/ui/index.ts";
import { copyText } from "../../lib/clipboard.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";
import { EVENT_LABEL, WebhookForm } from "./WebhookForm.tsx";

/** Workspace webhooks (platform.md §7): list, create, edit, secret shown once, test event and the delivery log. */
export function WorkspaceWebhooksSettings() {
  const { slug } = useCurrentWorkspace();
  const hooks = useWebhooks(slug);
  const [editing, setEditing] = useState<Webhook | "new" | null>(null);
  const [secret, setSecret] = useState<Shown | null>(null);
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
          {list.map((w) => (
            <WebhookRow
              key={w.id}
              slug={slug}
              webhook={w}
              logOpen={logOf === w.id}
              setLogOpen={(open) => setLogOf(open ? w.id : null)}
              onEdit={() => setEditing(w)}
              onRegenerate={() => setRegenerating(w)}
              onDelete={() => setDeleting(w)}
            />
          ))}
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
      <RegenerateSecret slug={slug} webhook={regenerating} onClose={() => setRegenerating(null)} onMade={setSecret} />
      <DeleteWebhook slug={slug} webhook={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

type Shown = { url: string; secret: string };

/** One webhook: its URL and events, whether it is active, and its actions; the delivery log below when open. */
function WebhookRow({
  slug,
  webhook: w,
  logOpen,
  setLogOpen,
  onEdit,
  onRegenerate,
  onDelete,
}: {
  slug: string;
  webhook: Webhook;
  logOpen: boolean;
  setLogOpen: (open: boolean) => void;
  onEdit: () => void;
  onRegenerate: () => void;
  onDelete: () => void;
}) {
  const events = WEBHOOK_EVENTS.filter((e) => w[e]).map((e) => EVENT_LABEL[e]);
  return (
    <li className="space-y-2 px-4 py-3" data-webhook={w.url}>
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <div className="truncate font-mono text-sm" title={w.url}>
            {w.url}
          </div>
          <div className="text-xs text-fg-subtle">{events.length ? events.join(", ") : "No events selected"}</div>
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
        <ActiveAndTest slug={slug} webhook={w} onSent={() => setLogOpen(true)} />
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delivery log of ${w.url}`}
          aria-expanded={logOpen}
          onClick={() => setLogOpen(!logOpen)}
        >
          <ScrollText size={14} aria-hidden /> Log
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Edit ${w.url}`} onClick={onEdit}>
          <Pencil size={14} aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Regenerate the secret of ${w.url}`} onClick={onRegenerate}>
          <RefreshCw size={14} aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Delete ${w.url}`} onClick={onDelete}>
          <Trash2 size={14} aria-hidden />
        </Button>
      </div>
      {logOpen && <DeliveryLog slug={slug} webhookId={w.id} />}
    </li>
  );
}

/** Activate or deactivate a webhook, and send it a test event (an active one only). */
function ActiveAndTest({ slug, webhook: w, onSent }: { slug: string; webhook: Webhook; onSent: () => void }) {
  const sendTest = useSendWebhookTest(slug);
  const update = useUpdateWebhook(slug);
  const toast = useToast();
  return (
    <>
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
        loading={sendTest.isPending}
        onClick={() =>
          sendTest.mutate(w.id, {
            onSuccess: () => {
              onSent();
              toast.show("success", "Test event queued", "It appears in the delivery log once sent.");
            },
          })
        }
      >
        <Send size={14} aria-hidden /> Send test event
      </Button>
    </>
  );
}

/** Asks before making a new secret (the old one stops working), then shows the new one once. */
function RegenerateSecret({
  slug,
  webhook,
  onClose,
  onMade,
}: {
  slug: string;
  webhook: Webhook | null;
  onClose: () => void;
  onMade: (shown: Shown) => void;
}) {
  const regenerate = useRegenerateWebhookSecret(slug);
  return (
    <ConfirmModal
      open={!!webhook}
      onClose={onClose}
      title="Regenerate secret"
      message={
        <>
          Make a new secret for the webhook to <span className="break-all font-mono">{webhook?.url}</span>? The current
          secret stops working at once: deliveries are signed with the new one, which the receiving system must then be
          given.
        </>
      }
      confirmLabel="Regenerate"
      loading={regenerate.isPending}
      onConfirm={() => {
        const w = webhook;
        if (!w) return;
        regenerate.mutate(w.id, {
          onSettled: onClose,
          onSuccess: (r) => r.secret_key && onMade({ url: w.url, secret: r.secret_key }),
        });
      }}
    />
  );
}

function DeleteWebhook({ slug, webhook, onClose }: { slug: string; webhook: Webhook | null; onClose: () => void }) {
  const remove = useDeleteWebhook(slug);
  const toast = useToast();
  return (
    <ConfirmModal
      open={!!webhook}
      onClose={onClose}
      title="Delete webhook"
      message={`Delete the webhook to ${webhook?.url}? Nothing more is sent to it, and its delivery log goes too.`}
      confirmLabel="Delete"
      loading={remove.isPending}
      onConfirm={() =>
        webhook &&
        remove.mutate(webhook.id, {
          onSettled: onClose,
          onSuccess: () => toast.show("success", "Webhook deleted"),
        })
      }
    />
  );
}

/** The secret, shown once (after create or regenerate) with a copy button. */
function SecretModal({ shown, onClose }: { shown: Shown | null; onClose: () => void }) {
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
