/** The preferences rows live in core/user-properties.ts, shared with the cycle and module routes. */
export {
  getOrCreateProps,
  patchProps,
  getOrCreateWorkspaceProps,
  patchWorkspaceProps,
} from "../../domain/user-properties.ts";
