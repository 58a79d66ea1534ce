import { STATE_GROUPS } from "@stride/shared";
import { useCreateState, useUpdateState } from "../../api/states.ts";
import type { State } from "../../api/types.ts";
import { Input, useToast } from "../../components/ui/index.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { PALETTE } from "./ColorField.tsx";
import { NameColourForm, inlineSaveOutcome, nameColourChecks } from "./NameColourForm.tsx";

interface Values {
  name: string;
  color: string;
  description: string;
}

const toBody = (v: Values) => ({ name: v.name.trim(), color: v.color, description: v.description });

const checkState = schemaCheck((c) => c.createStateBody, toBody, nameColourChecks);

/** A state's add (to `group`) or edit form, inline in its group. */
export function StateForm({ group, state, onDone }: { group: string; state?: State; onDone: () => void }) {
  const { slug, projectId } = useCurrentProject();
  const create = useCreateState(slug, projectId);
  const update = useUpdateState(slug, projectId);
  const toast = useToast();
  const { form, error, onSubmit } = useDialogForm<Values>(
    {
      name: state?.name ?? "",
      color: state?.color ?? PALETTE[Math.floor(Math.random() * PALETTE.length)],
      description: state?.description ?? "",
    },
    checkState,
  );
  const submit = onSubmit((v, onError) => {
    const body = toBody(v);
    const opts = inlineSaveOutcome(
      toast,
      state ? "State updated" : "State added",
      "Could not save the state",
      onDone,
      onError,
    );
    if (state) update.mutate({ id: state.id, ...body }, opts);
    else create.mutate({ ...body, group: STATE_GROUPS.find((g) => g === group) }, opts);
  });
  return (
    <NameColourForm
      label={state ? `Edit state ${state.name}` : "New state"}
      onSubmit={(e) => void submit(e)}
      name={form.register("name")}
      color={form.watch("color")}
      onColor={(c) => form.setValue("color", c)}
      error={error}
      submitLabel={state ? "Save" : "Add state"}
      pending={create.isPending || update.isPending}
      onCancel={onDone}
    >
      <div className="min-w-40 flex-1">
        <Input label="Description" error={error("description")} {...form.register("description")} />
      </div>
    </NameColourForm>
  );
}
