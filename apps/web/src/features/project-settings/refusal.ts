import { ApiError, errorMessage } from "../../api/client.ts";
import type { useToast } from "../../components/ui/index.ts";

/** A refusal's words for a toast. */
export const why = (err: unknown) =>
  err instanceof ApiError ? errorMessage(err.body) : err instanceof Error ? err.message : undefined;

/** A failure toast titled `title` with the refusal's words. */
export const failToast = (toast: ReturnType<typeof useToast>) => (title: string) => (err: Error) =>
  toast.show("error", title, why(err));
