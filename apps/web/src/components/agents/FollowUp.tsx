import { ApiError, errorMessage } from "../../api/client.ts";
import { useExecute } from "../../api/agents.ts";
import { useDialogForm } from "../../lib/settings-form.ts";
import { Button, Textarea, useToast } from "../../components/ui/index.ts";
import { followUpBodyOf, followUpCheck, type FollowUpValues } from "./agent-forms.ts";
import { refusalToast } from "./run-rules.ts";

/**
 * The follow-up box: a message to the same execution, which runs again (agents.md §2). The message is checked with
 * the server's body schema; a refusal of the run is toasted with the spec's titles.
 */
export function FollowUp({
  slug,
  pid,
  executionId,
  issueId,
  onSent,
}: {
  slug: string;
  pid: string;
  executionId: string;
  issueId: string | null;
  onSent: () => void;
}) {
  const { form, error, onSubmit } = useDialogForm<FollowUpValues>({ content: "" }, followUpCheck(executionId, issueId));
  const execute = useExecute(slug, pid);
  const toast = useToast();
  const empty = !form.watch("content").trim();
  const submit = onSubmit((v) => {
    if (!v.content.trim()) return;
    execute.mutate(followUpBodyOf(executionId, issueId)(v), {
      onSuccess: () => {
        form.reset({ content: "" });
        onSent();
      },
      onError: (err) => {
        const t = refusalToast(
          err instanceof ApiError ? err.status : undefined,
          err instanceof ApiError ? (errorMessage(err.body) ?? null) : null,
        );
        toast.show(t.kind, t.title, t.message);
      },
    });
  });
  return (
    <form onSubmit={(e) => void submit(e)} className="flex items-end gap-2 pt-1" aria-label="Follow-up">
      <div className="flex-1">
        <Textarea
          aria-label="Follow-up message"
          rows={2}
          placeholder="Ask the agent to change or continue…"
          error={error("content")}
          {...form.register("content")}
        />
      </div>
      <Button type="submit" size="sm" loading={execute.isPending} disabled={empty}>
        Send
      </Button>
    </form>
  );
}
