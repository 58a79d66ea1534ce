import { ApiError } from "../../api/client.ts";

/**
 * A refusal of an environment template's save names config fields by their path (`config.url`,
 * `config.ide_configs.0.repository.url`): the same refusal with each field key turned into the form's by `key`.
 */
export function rekeyed(err: unknown, key: (path: string[]) => string): unknown {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== "object" || Array.isArray(err.body)) return err;
  const body = Object.fromEntries(Object.entries(err.body).map(([k, v]) => [key(k.split(".")), v]));
  return new ApiError(err.status, body);
}

/** The issue agent's preset, when the form's switch asks for it. */
export const presetNames = (issueAgent: boolean) =>
  issueAgent ? { preset_names: ["issue_agent"] as "issue_agent"[] } : {};
