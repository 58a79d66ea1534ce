import { useState } from "react";
import { useForm, type UseFormReturn } from "react-hook-form";
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
type CycleForm = { name: string; description: string; start: string; end: string; duration: Duration };

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
  const form = useForm<CycleForm>({
    defaultValues: {
      name: cycle?.name ?? "",
      description: cycle?.description ?? "",
      start: cycleDay(cycle?.start_date) ?? "",
      end: cycleDay(cycle?.end_date) ?? "",
      duration: cycle ? "custom" : "1",
    },
    // the name's message stays until the next save, as the dates' do
    reValidateMode: "onSubmit",
  });
  const [error, setError] = useState<string | null>(null);
  const create = useCreateCycle(slug, pid);
  const update = useUpdateCycle(slug, pid);

  const save = form.handleSubmit(async ({ name, description, start, end, duration }) => {
    setError(null);
    form.clearErrors("name");
    const endDay = endOf(start, end, duration);
    if (!name.trim()) return form.setError("name", { message: "The cycle needs a name." });
    if (!!start !== !!endDay) return setError("Give both a start and an end date, or neither for a draft cycle.");
    if (start && endDay && start > endDay) return setError("The start date cannot be after the end date.");
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
    }
  });

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
          <Button onClick={() => void save()} loading={form.formState.isSubmitting}>
            {cycle ? "Save cycle" : "Create cycle"}
          </Button>
        </>
      }
    >
      <form className="space-y-3" onSubmit={(e) => void save(e)}>
        {error && <Banner>{error}</Banner>}
        <Input label="Name" error={form.formState.errors.name?.message} maxLength={255} {...form.register("name")} />
        <Textarea label="Description" {...form.register("description")} />
        <CycleDates form={form} isNew={!cycle} />
        <button type="submit" className="hidden" aria-hidden tabIndex={-1} />
      </form>
    </Modal>
  );
}

/** The end day: the chosen one, or the start plus the chosen duration. */
const endOf = (start: string, end: string, duration: Duration) =>
  start && duration !== "custom" ? cycleEndForDuration(start, Number(duration)) : end;

/** The start date and a duration (or a custom end date); none for a draft cycle, or "Start today" for a new one. */
function CycleDates({ form, isNew }: { form: UseFormReturn<CycleForm>; isNew: boolean }) {
  const { start, end, duration } = form.watch();
  const endDay = endOf(start, end, duration);
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Input
          label="Start date"
          type="date"
          hint={start ? undefined : "Leave empty for a draft"}
          {...form.register("start")}
        />
        <Select label="Duration" {...form.register("duration")}>
          {CYCLE_DURATION_MONTHS.map((m) => (
            <option key={m} value={String(m)}>
              {m === 1 ? "1 month" : `${m} months`}
            </option>
          ))}
          <option value="custom">Custom end date</option>
        </Select>
      </div>
      {duration === "custom" ? (
        <Input label="End date" type="date" min={start || undefined} {...form.register("end")} />
      ) : (
        start && (
          <p className="text-sm text-fg-subtle" data-testid="cycle-end">
            Ends on {endDay}
          </p>
        )
      )}
      {!start && isNew && (
        <button
          type="button"
          className="text-sm text-indigo-600 hover:underline"
          onClick={() => form.setValue("start", today())}
        >
          Start today
        </button>
      )}
    </>
  );
}
