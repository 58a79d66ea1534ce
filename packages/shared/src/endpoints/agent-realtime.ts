import type * as C from "../contract/index.ts";
import { endpoint, type In, WORKSPACE_API } from "./endpoint.ts";

/** The realtime side of agents (agents.md §4): the `/live/` subscription token. */
export const agentRealtimeEndpoints = {
  subscriptionToken: endpoint("POST", `${WORKSPACE_API}/agent/get-subscription-token/`)
    .sends<In<typeof C.subscriptionTokenBody>>()
    .answers<C.SubscriptionToken>(),
};
