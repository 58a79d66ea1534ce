export { subscriptionTokenBody, type SubscriptionTokenBody } from "@stride/shared/contract";
