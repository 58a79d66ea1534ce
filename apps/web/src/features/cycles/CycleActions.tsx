import { useState } from "react";
import { useNavigate } from "react-router";
import { Star } from "lucide-react";
import { Button, ConfirmModal, Menu, Modal, Select, type MenuItem } from "../../components/ui/index.ts";
import { Icon } from "../../components/work-item/icons.tsx";
import { useCan } from "../../lib/permissions.ts";
import {
  useArchiveCycle,
  useCycles,
  useDeleteCycle,
  useFavoriteCycle,
  useTransferCycleItems,
  type Cycle,
} from "../../api/cycles.ts";
import { CycleModal } from "./CycleModal.tsx";
import { unfinishedCount } from "./lib.ts";

/** The favourite star of a cycle (members; guests have no favourites). */
export function FavoriteCycleButton({
  slug,
  pid,
  cycle,
}: {
  slug: string;
  pid: string;
  cycle: Pick<Cycle, "id" | "name" | "is_favorite">;
}) {
  const can = useCan("favorite", "cycle", { projectId: pid });
  const fav = useFavoriteCycle(slug, pid);
  if (!can) return null;
  const label = cycle.is_favorite ? `Remove ${cycle.name} from favourites` : `Add ${cycle.name} to favourites`;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={cycle.is_favorite}
      onClick={() => fav.mutate({ id: cycle.id, favorite: !cycle.is_favorite })}
      className="rounded p-1 text-fg-faint hover:bg-fill hover:text-amber-500"
    >
      <Star
        size={16}
        strokeWidth={1.75}
        aria-hidden
        focusable="false"
        className={cycle.is_favorite ? "fill-amber-400 text-amber-500" : undefined}
      />
    </button>
  );
}

/**
 * A cycle's actions: edit (running or future cycles), transfer the unfinished work items (ended cycles), archive
 * (ended cycles), delete (admins and the creator).
 */
export function CycleMenu({
  slug,
  pid,
  cycle,
  afterDelete,
}: {
  slug: string;
  pid: string;
  cycle: Cycle;
  afterDelete?: () => void;
}) {
  const subject = { projectId: pid, createdBy: cycle.created_by };
  const canEdit = useCan("edit", "cycle", subject);
  const canArchive = useCan("archive", "cycle", subject);
  const canDelete = useCan("delete", "cycle", subject);
  const canTransfer = useCan("addItems", "cycle", subject);
  const [dialog, setDialog] = useState<null | "edit" | "delete" | "archive" | "transfer">(null);
  const del = useDeleteCycle(slug, pid);
  const archive = useArchiveCycle(slug, pid);
  const ended = cycle.status === "COMPLETED";
  const items: MenuItem[] = [];
  if (canEdit && !ended) items.push({ label: "Edit", onSelect: () => setDialog("edit") });
  if (canTransfer && ended)
    items.push({
      label: "Transfer work items",
      onSelect: () => setDialog("transfer"),
      disabled: unfinishedCount(cycle) === 0,
      hint: "Every work item of this cycle is finished",
    });
  if (canArchive)
    items.push({
      label: "Archive",
      onSelect: () => setDialog("archive"),
      disabled: !ended,
      hint: "Only completed cycles can be archived",
    });
  if (canDelete) items.push({ label: "Delete", danger: true, onSelect: () => setDialog("delete") });
  if (!items.length) return null;
  return (
    <>
      <Menu
        label={<Icon name="dots" size={16} />}
        ariaLabel={`Actions of ${cycle.name}`}
        items={items}
        align="right"
        buttonClassName="rounded p-1 text-fg-subtle hover:bg-fill"
      />
      {dialog === "edit" && <CycleModal slug={slug} pid={pid} cycle={cycle} onClose={() => setDialog(null)} />}
      {dialog === "transfer" && <TransferModal slug={slug} pid={pid} cycle={cycle} onClose={() => setDialog(null)} />}
      <ConfirmModal
        open={dialog === "archive"}
        onClose={() => setDialog(null)}
        title="Archive cycle"
        message={`${cycle.name} leaves the cycle list; you can restore it from the archived cycles.`}
        confirmLabel="Archive"
        loading={archive.isPending}
        onConfirm={() =>
          archive.mutate(
            { id: cycle.id, label: cycle.name },
            { onSettled: () => setDialog(null), onSuccess: afterDelete },
          )
        }
      />
      <ConfirmModal
        open={dialog === "delete"}
        onClose={() => setDialog(null)}
        title="Delete cycle"
        message={`${cycle.name} is deleted; its work items stay in the project without a cycle.`}
        confirmLabel="Delete"
        loading={del.isPending}
        onConfirm={() =>
          del.mutate({ id: cycle.id, label: cycle.name }, { onSettled: () => setDialog(null), onSuccess: afterDelete })
        }
      />
    </>
  );
}

/** Move an ended cycle's unfinished work items into a running or upcoming cycle. */
export function TransferModal({
  slug,
  pid,
  cycle,
  onClose,
}: {
  slug: string;
  pid: string;
  cycle: Cycle;
  onClose: () => void;
}) {
  const cycles = useCycles(slug, pid).data ?? [];
  const targets = cycles.filter((c) => c.id !== cycle.id && c.status !== "COMPLETED");
  const [to, setTo] = useState("");
  const transfer = useTransferCycleItems(slug, pid);
  const navigate = useNavigate();
  const target = to || targets[0]?.id || "";
  return (
    <Modal
      open
      onClose={onClose}
      title="Transfer work items"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!target}
            loading={transfer.isPending}
            onClick={() =>
              transfer.mutate(
                { id: cycle.id, to: target, label: `${unfinishedCount(cycle)} work items moved` },
                {
                  onSuccess: () => {
                    onClose();
                    navigate(`/${slug}/projects/${pid}/cycles/${target}/`);
                  },
                },
              )
            }
          >
            Transfer
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm text-fg-muted">
        {cycle.name} has ended. Its {unfinishedCount(cycle)} unfinished work items move to the cycle you choose; its
        progress is kept as it stands.
      </p>
      {targets.length ? (
        <Select label="Move to cycle" value={target} onChange={(e) => setTo(e.target.value)}>
          {targets.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </Select>
      ) : (
        <p className="text-sm text-fg-subtle">
          There is no running or upcoming cycle to move them to. Create one first.
        </p>
      )}
    </Modal>
  );
}
