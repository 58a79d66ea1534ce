import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { INTAKE_SNOOZE_OPTIONS, INTAKE_STATUS, PRIORITIES, intakeSnoozeUntil } from "@stride/shared";
import {
  duplicateSearchQuery,
  useCreateIntakeItem,
  useDeleteIntakeItem,
  type IntakeItemDetail,
} from "../../api/intake.ts";
import { Banner, Button, ConfirmModal, Input, Modal, Select, Textarea, cx } from "../../components/ui/index.ts";
import { useDialogForm } from "../../lib/settings-form.ts";
import type { Act, IntakeDialog } from "./useIntakeData.ts";
import { checkRequest, checkSnooze, dayStart, PAST_DAY, requestBody, type RequestValues } from "./forms.ts";

/** The intake's open dialog, if any: a new request, or the selected one's duplicate, snooze or delete. */
export function IntakeDialogs({
  dialog,
  close,
  slug,
  pid,
  item,
  act,
  onCreated,
  onDeleted,
}: {
  dialog: IntakeDialog;
  close: () => void;
  slug: string;
  pid: string;
  item: IntakeItemDetail | null;
  act: Act;
  onCreated: (issueId: string) => void;
  onDeleted: (issueId: string) => void;
}) {
  if (dialog === "create") return <CreateRequestModal slug={slug} pid={pid} onClose={close} onCreated={onCreated} />;
  if (!item) return null;
  if (dialog === "duplicate")
    return (
      <DuplicatePicker
        slug={slug}
        pid={pid}
        selfId={item.issue.id}
        onClose={close}
        onPick={(id) => {
          close();
          act({ status: INTAKE_STATUS.duplicate, duplicate_to: id });
        }}
      />
    );
  if (dialog === "snooze")
    return (
      <SnoozeModal
        onClose={close}
        onSnooze={(till) => {
          close();
          act({ snoozed_till: till });
        }}
      />
    );
  if (dialog === "delete")
    return (
      <DeleteRequest slug={slug} pid={pid} item={item} onClose={close} onDeleted={() => onDeleted(item.issue.id)} />
    );
  return null;
}

const NEW_REQUEST: RequestValues = { name: "", text: "", priority: "none" };

/** File a request from the app: a title, a text and a priority. */
function CreateRequestModal({
  slug,
  pid,
  onClose,
  onCreated,
}: {
  slug: string;
  pid: string;
  onClose: () => void;
  onCreated: (issueId: string) => void;
}) {
  const create = useCreateIntakeItem(slug, pid);
  const { form, error, formError, onSubmit } = useDialogForm(NEW_REQUEST, checkRequest);
  const submit = onSubmit((v, onError) =>
    create.mutate(requestBody(v), {
      onSuccess: (d) => {
        onClose();
        onCreated(d.issue.id);
      },
      onError,
    }),
  );
  return (
    <Modal
      open
      onClose={onClose}
      title="New intake request"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="intake-create" loading={create.isPending} disabled={!form.watch("name").trim()}>
            Create
          </Button>
        </>
      }
    >
      <form id="intake-create" className="space-y-3" onSubmit={(e) => void submit(e)}>
        {formError && <Banner>{formError}</Banner>}
        <Input
          label="Title"
          autoFocus
          error={error("name") ?? error("issue.name")}
          maxLength={255}
          required
          {...form.register("name")}
        />
        <Textarea label="Description" error={error("text")} {...form.register("text")} />
        <Select label="Priority" error={error("priority")} {...form.register("priority")}>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </Select>
      </form>
    </Modal>
  );
}

/** Mark as duplicate: search the project's work items, pick one (arrows and Enter, or a click). */
function DuplicatePicker({
  slug,
  pid,
  selfId,
  onClose,
  onPick,
}: {
  slug: string;
  pid: string;
  selfId: string;
  onClose: () => void;
  onPick: (id: string) => void;
}) {
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const found = useQuery({ ...duplicateSearchQuery(slug, pid, text), placeholderData: keepPreviousData });
  const hits = (found.data ?? []).filter((h) => h.id !== selfId).slice(0, 20);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((i) => Math.min(hits.length - 1, i + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === "Enter" && hits[active]) {
      e.preventDefault();
      onPick(hits[active].id);
    }
  };
  return (
    <Modal open onClose={onClose} title="Mark as duplicate of">
      <div className="space-y-2">
        <Input
          label="Search work items"
          autoFocus
          role="combobox"
          aria-expanded
          aria-controls="intake-dup-results"
          aria-activedescendant={hits[active] ? `dup-${hits[active].id}` : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul id="intake-dup-results" role="listbox" aria-label="Work items" className="max-h-72 overflow-y-auto">
          {hits.map((h, i) => (
            <li
              key={h.id}
              id={`dup-${h.id}`}
              role="option"
              aria-selected={i === active}
              onClick={() => onPick(h.id)}
              onMouseEnter={() => setActive(i)}
              className={cx("cursor-pointer rounded px-2 py-1.5 text-sm", i === active && "bg-accent-soft")}
            >
              <span className="mr-2 text-fg-subtle">
                {h.project__identifier}-{h.sequence_id}
              </span>
              {h.name}
            </li>
          ))}
          {found.isSuccess && hits.length === 0 && (
            <li className="px-2 py-1.5 text-sm text-fg-subtle">No work items match.</li>
          )}
        </ul>
      </div>
    </Modal>
  );
}

/** Snooze choices (1 day … 2 weeks, or a day of one's own). */
function SnoozeModal({ onClose, onSnooze }: { onClose: () => void; onSnooze: (till: string) => void }) {
  const { form, error, onSubmit } = useDialogForm({ day: "" }, checkSnooze);
  const custom = dayStart(form.watch("day"));
  const past = custom !== null && custom.getTime() <= Date.now();
  const submit = onSubmit((v) => onSnooze(dayStart(v.day)!.toISOString()));
  return (
    <Modal
      open
      onClose={onClose}
      title="Snooze until"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <div className="space-y-3">
        <div className="grid grid-cols-2 gap-2">
          {INTAKE_SNOOZE_OPTIONS.map((o, i) => (
            <Button
              key={o.key}
              variant="secondary"
              autoFocus={i === 0}
              onClick={() => onSnooze(intakeSnoozeUntil(o.days, new Date()).toISOString())}
            >
              {o.label}
            </Button>
          ))}
        </div>
        <form className="flex items-end gap-2" onSubmit={(e) => void submit(e)}>
          <Input label="Another day" type="date" error={past ? PAST_DAY : error("day")} {...form.register("day")} />
          <Button type="submit" disabled={!custom || past}>
            Snooze
          </Button>
        </form>
      </div>
    </Modal>
  );
}

function DeleteRequest({
  slug,
  pid,
  item,
  onClose,
  onDeleted,
}: {
  slug: string;
  pid: string;
  item: IntakeItemDetail;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const del = useDeleteIntakeItem(slug, pid);
  return (
    <ConfirmModal
      open
      title="Delete this request?"
      message={
        item.status === INTAKE_STATUS.accepted
          ? "The request leaves the intake; its accepted work item stays."
          : "The request and its work item are deleted."
      }
      confirmLabel="Delete"
      loading={del.isPending}
      onClose={onClose}
      onConfirm={() =>
        del.mutate(item.issue.id, {
          onSuccess: () => {
            onClose();
            onDeleted();
          },
        })
      }
    />
  );
}
