import type { TimezoneOption } from "../timezones.ts";
import { endpoint } from "./endpoint.ts";

/** The time-zone pickers' list (public). */
export const timezoneEndpoints = {
  list: endpoint("GET", "/api/timezones/").answers<{ timezones: TimezoneOption[] }>(),
};
