import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateWebhookBody, UpdateWebhookBody, Webhook, WebhookLog } from "@stride/shared/contract";
import { webhookEndpoints as H } from "@stride/shared/endpoints";
import { call, hasFieldErrors } from "./client.ts";
import { qk } from "./query-keys.ts";

export type { Webhook, WebhookLog };

/* Query options shared by the hooks and the route loader (app/loaders.ts). */
export const webhooksQuery = (slug: string) =>
  queryOptions({ queryKey: qk.webhooks(slug), queryFn: () => call(H.list, { slug }) });
export const webhookLogsQuery = (slug: string, id: string) =>
  queryOptions({
    queryKey: qk.webhookLogs(slug, id),
    queryFn: () => call(H.logs, { slug, webhookId: id }),
  });

export function useWebhooks(slug: string) {
  return useQuery(webhooksQuery(slug));
}

/** The delivery log of one webhook; while a delivery is under way live events refresh it (api/live-map.ts). */
export function useWebhookLogs(slug: string, id: string | null) {
  return useQuery({ ...webhookLogsQuery(slug, id ?? ""), enabled: !!id });
}

/** Create: the answer carries the secret, the only time besides a regeneration. */
export function useCreateWebhook(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not create the webhook", silent: hasFieldErrors },
    mutationFn: (body: CreateWebhookBody) => call(H.create, { slug }, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.webhooks(slug) }),
  });
}

export function useUpdateWebhook(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not update the webhook", silent: hasFieldErrors },
    mutationFn: ({ id, ...body }: UpdateWebhookBody & { id: string }) => call(H.update, { slug, webhookId: id }, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.webhooks(slug) }),
  });
}

export function useDeleteWebhook(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not delete the webhook" },
    mutationFn: (id: string) => call(H.remove, { slug, webhookId: id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qk.webhooks(slug) }),
  });
}

export function useRegenerateWebhookSecret(slug: string) {
  return useMutation({
    meta: { errorTitle: "Could not regenerate the secret" },
    mutationFn: (id: string) => call(H.regenerate, { slug, webhookId: id }),
  });
}

export function useSendWebhookTest(slug: string) {
  const qc = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not send the test event" },
    mutationFn: (id: string) => call(H.test, { slug, webhookId: id }),
    onSuccess: (_r, id) => qc.invalidateQueries({ queryKey: qk.webhookLogs(slug, id) }),
  });
}
