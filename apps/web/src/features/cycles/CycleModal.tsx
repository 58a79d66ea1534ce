import { useState } from "react";
import { CYCLE_DURATION_MONTHS, cycleEndForDuration } from "@stride/shared";
import { Banner, Button, Input, Modal, Select, Textarea } from "../../components/ui/index.ts";
import { errorMessage } from "../../api/client.ts";
import { checkCycleDates, useCreateCycle, useUpdateCycle, type Cycle } from "../../api/cycles.ts";
import { cycleDay } from "./lib.ts";

type Duration = "custom" | `${(typeof CYCLE_DURATION_MONTHS)[number]}`;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Create or edit a cycle: name, description, and either no dates (a draft) or a start date with a duration of
 * 1, 3, 6, 9 or 12 months (work-tracking.md §9) or a chosen end date. The dates are checked against the project's
 * other cycles before saving (date-check).
 */
export function CycleModal({
  slug,
  pid,
  cycle,
  onClose,
  onSaved,
}: {
  slug: string;
  pid: string;
  cycle?: Cycle;
  onClose: () => void;
  onSaved?: (c: Cycle) => void;
}) {
  const [name, setName] = useState(cycle?.name ?? "");
  const [description, setDescription] = useState(cycle?.description ?? "");
  const [start, setStart] = useState(cycleDay(cycle?.start_date) ?? "");
  const [end, setEnd] = useState(cycleDay(cycle?.end_date) ?? "");
  const [duration, setDuration] = useState<Duration>(cycle ? "custom" : "1");
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const create = useCreateCycle(slug, pid);
  const update = useUpdateCycle(slug, pid);

  const endDay = start && duration !== "custom" ? cycleEndForDuration(start, Number(duration)) : end;

  const save = async () => {
    setError(null);
    setNameError(null);
    if (!name.trim()) return setNameError("The cycle needs a name.");
    if (!!start !== !!endDay) return setError("Give both a start and an end date, or neither for a draft cycle.");
    if (start && endDay && start > endDay) return setError("The start date cannot be after the end date.");
    setBusy(true);
    try {
      if (start && endDay) {
        const check = await checkCycleDates(slug, pid, {
          start_date: start,
          end_date: endDay,
          ...(cycle ? { cycle_id: cycle.id } : {}),
        });
        if (!check.status) {
          setError(check.error ?? "Another cycle already covers these dates.");
          return;
        }
      }
      const body = { name: name.trim(), description, start_date: start || null, end_date: endDay || null };
      const saved = cycle ? await update.mutateAsync({ id: cycle.id, body }) : await create.mutateAsync(body);
      onSaved?.(saved);
      onClose();
    } catch (e) {
      setError(errorMessage((e as { body?: unknown }).body) ?? (e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={cycle ? "Edit cycle" : "Create cycle"}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            {cycle ? "Save cycle" : "Create cycle"}
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {error && <Banner>{error}</Banner>}
        <Input
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError ?? undefined}
          maxLength={255}
        />
        <Textarea label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
        <div className="grid grid-cols-2 gap-3">
          <Input
            label="Start date"
            type="date"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            hint={start ? undefined : "Leave empty for a draft"}
          />
          <Select label="Duration" value={duration} onChange={(e) => setDuration(e.target.value as Duration)}>
            {CYCLE_DURATION_MONTHS.map((m) => (
              <option key={m} value={String(m)}>
                {m === 1 ? "1 month" : `${m} months`}
              </option>
            ))}
            <option value="custom">Custom end date</option>
          </Select>
        </div>
        {duration === "custom" ? (
          <Input
            label="End date"
            type="date"
            value={end}
            min={start || undefined}
            onChange={(e) => setEnd(e.target.value)}
          />
        ) : (
          start && (
            <p className="text-sm text-fg-subtle" data-testid="cycle-end">
              Ends on {endDay}
            </p>
          )
        )}
        {!start && !cycle && (
          <button type="button" className="text-sm text-indigo-600 hover:underline" onClick={() => setStart(today())}>
            Start today
          </button>
        )}
        <button type="submit" className="hidden" aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}
