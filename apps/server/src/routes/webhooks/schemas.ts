import { idParam, slugParams } from "../../http/fields.ts";

export {
  createWebhookBody,
  updateWebhookBody,
  type CreateWebhookBody,
  type UpdateWebhookBody,
} from "@stride/shared/contract";

export const webhookParams = slugParams.extend({ webhookId: idParam() });
