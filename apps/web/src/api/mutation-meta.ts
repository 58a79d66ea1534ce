/**
 * What a write tells the app about its outcome, through its mutation's `meta`: the api layer describes its
 * mutations and the app's one global handler (app/query-client.ts) shows the outcome, so api/ needs no UI.
 * A failure is toasted unless the mutation is `silent`; its text is the server's message.
 */
export type MutationMeta = {
  /** Title of the failure toast (e.g. "Could not add the link"); without it the toast reads "Something went wrong". */
  errorTitle?: string;
  /**
   * The screen reports failures itself (under a field, in a banner, with a toast of its own), so no toast is
   * shown; a function decides per error (e.g. `hasFieldErrors`: a form shows those, anything else is toasted).
   */
  silent?: boolean | ((error: unknown) => boolean);
  /** Title of a success toast, for actions whose screen may be gone when they finish; its text is the variables' `label`. */
  successTitle?: string;
};

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: MutationMeta;
  }
}
