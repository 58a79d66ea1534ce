import { onEpics, type AnyEndpoint } from "@stride/shared/endpoints";

/**
 * A work-item route's endpoint and its `epics/` twin (`P/epics/:issueId/…`, same handler; `isEpicPath` tells them
 * apart), and any other endpoint answered the same (e.g. a comment posted on `…/history/`) with its own twin:
 * spread into `route()` as `...onItems(endpoint)`.
 */
export function onItems<E extends AnyEndpoint>(
  endpoint: E,
  ...same: AnyEndpoint[]
): { endpoint: E; aliases: string[] } {
  return {
    endpoint,
    aliases: [onEpics(endpoint).path, ...same.flatMap((e) => [e.path, onEpics(e).path])],
  };
}
