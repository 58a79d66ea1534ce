import { WEBHOOK_EVENTS, type WebhookEvent } from "@stride/shared";
import { useCreateWebhook, useUpdateWebhook, type Webhook } from "../../api/webhooks.ts";
import { Button, Input, Modal, Toggle, useToast } from "../../components/ui/index.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";

export const EVENT_LABEL: Record<WebhookEvent, string> = {
  project: "Projects",
  issue: "Work items",
  module: "Modules",
  cycle: "Cycles",
  issue_comment: "Work item comments",
};

type Values = { url: string; is_active: boolean } & Record<WebhookEvent, boolean>;

const valuesOf = (w: Webhook | null): Values => ({
  url: w?.url ?? "",
  is_active: w?.is_active ?? true,
  ...(Object.fromEntries(WEBHOOK_EVENTS.map((e) => [e, w ? w[e] : true])) as Record<WebhookEvent, boolean>),
});

/** The request body: the URL trimmed, the flags as they are. */
const webhookBodyOf = (v: Values) => ({ ...v, url: v.url.trim() });

const checkNewWebhook = schemaCheck((c) => c.createWebhookBody, webhookBodyOf);
const checkWebhookEdit = schemaCheck((c) => c.updateWebhookBody, webhookBodyOf);

/** Add a webhook, or edit one (`webhook`): its URL, the events it is sent and whether it is active. */
export function WebhookForm({
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
  const { form, error, onSubmit } = useDialogForm(valuesOf(webhook), webhook ? checkWebhookEdit : checkNewWebhook);
  const submit = onSubmit((v, onError) => {
    const body = webhookBodyOf(v);
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
  });
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={webhook ? "Edit webhook" : "Add webhook"}>
      <Input
        label="Payload URL"
        type="url"
        required
        placeholder="https://example.com/stride-webhook"
        error={error("url")}
        {...form.register("url")}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg-muted">Events to send</legend>
        {WEBHOOK_EVENTS.map((ev) => (
          <label key={ev} className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...form.register(ev)} />
            {EVENT_LABEL[ev]}
          </label>
        ))}
      </fieldset>
      <Toggle
        label="Active"
        description="Inactive webhooks are sent nothing."
        checked={form.watch("is_active")}
        onChange={(v) => form.setValue("is_active", v)}
      />
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
