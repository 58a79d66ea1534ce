import type { UseMutationResult } from "@tanstack/react-query";
import { ApiError, errorMessage } from "../../api/client.ts";
import { ConfirmModal, useToast } from "../../components/ui/index.ts";

/**
 * The delete confirmation of a settings list's `item` (none: closed), `what` it is in lower case ("label"):
 * deleted with `del`, told in a toast either way.
 */
export function ConfirmDelete({
  item,
  what,
  message,
  del,
  onClose,
}: {
  item: { id: string; name: string } | null;
  what: string;
  message: string;
  del: UseMutationResult<unknown, Error, string>;
  onClose: () => void;
}) {
  const toast = useToast();
  const What = what[0].toUpperCase() + what.slice(1);
  return (
    <ConfirmModal
      open={!!item}
      onClose={onClose}
      title={`Delete ${what}`}
      message={message}
      confirmLabel="Delete"
      loading={del.isPending}
      onConfirm={() =>
        item &&
        del.mutate(item.id, {
          onSuccess: () => {
            toast.show("success", `${What} deleted`);
            onClose();
          },
          onError: (e) => {
            onClose();
            toast.show(
              "error",
              `Could not delete the ${what}`,
              e instanceof ApiError ? errorMessage(e.body) : e.message,
            );
          },
        })
      }
    />
  );
}
