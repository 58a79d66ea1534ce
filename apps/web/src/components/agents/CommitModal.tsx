import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { GitCommitHorizontal } from "lucide-react";
import type { Artifact } from "@stride/shared/contract";
import { useCommitExecution } from "../../api/agents.ts";
import { useProject } from "../../api/projects.ts";
import { workItemQuery } from "../../api/work-items.ts";
import { useDialogForm } from "../../lib/settings-form.ts";
import { commitBodyOf, commitCheck, type CommitValues } from "./agent-forms.ts";
import { Banner, Button, Modal, Textarea } from "../../components/ui/index.ts";
import { DiffView, diffStats } from "./Diff.tsx";

/**
 * The commit modal (platform.md §2, agents.md §1): a person reviews the run's diff and commits it on a new branch
 * `stride/{IDENT}-{seq}` (or the next free `stride/{IDENT}-{seq}-{n}`) of the repository, the work item named in the
 * message; the branch becomes a link on the work item. The server commits exactly the artifact shown; a refusal (the
 * run still working, a diff no longer the newest, a checkout that changed, git's own error) is shown in the modal.
 */
export function CommitModal({
  slug,
  pid,
  executionId,
  issueId,
  artifact,
  onClose,
  onCommitted,
}: {
  slug: string;
  pid: string;
  executionId: string;
  issueId: string;
  artifact: Artifact & { content: string };
  onClose: () => void;
  onCommitted: (branch: string) => void;
}) {
  const item = useQuery(workItemQuery(slug, pid, issueId));
  const project = useProject(slug, pid);
  const key = item.data && project.data ? `${project.data.identifier}-${item.data.sequence_id}` : null;
  const branch = key ? `stride/${key}` : null;
  const check = useMemo(() => commitCheck(artifact.id), [artifact.id]);
  const { form, error, formError, onSubmit } = useDialogForm<CommitValues>(
    { message: "" },
    check,
    () => "The commit failed. Please try again.",
  );
  const commit = useCommitExecution(slug, pid, issueId);

  const submit = onSubmit((v, onError) =>
    commit.mutate(
      { executionId, body: commitBodyOf(artifact.id)(v), label: branch ?? undefined },
      {
        onSuccess: (r) => {
          onCommitted(r.branch);
          onClose();
        },
        onError,
      },
    ),
  );

  return (
    <Modal
      open
      onClose={onClose}
      title="Commit the diff"
      wide
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="commit-diff" loading={commit.isPending}>
            <GitCommitHorizontal size={14} aria-hidden focusable="false" /> Commit
          </Button>
        </>
      }
    >
      <form id="commit-diff" onSubmit={(e) => void submit(e)} aria-label="Commit the diff" className="space-y-3">
        <CommitSummary branch={branch} diff={artifact.content} />
        <Textarea
          label="Commit message"
          rows={3}
          maxLength={5000}
          error={error("message")}
          placeholder={key && item.data ? `${key}: ${item.data.name}` : ""}
          hint="Leave empty for the work item's key and name. The work item is named below the message."
          {...form.register("message")}
        />
        {formError && <Banner>{formError}</Banner>}
      </form>
    </Modal>
  );
}

/** Where the change goes, how big it is, and the diff itself. */
function CommitSummary({ branch, diff }: { branch: string | null; diff: string }) {
  const stats = useMemo(() => diffStats(diff), [diff]);
  return (
    <>
      <p className="text-sm text-fg-muted">
        {branch ? (
          <>
            The change goes on a new branch{" "}
            <code className="rounded bg-fill px-1 font-mono text-xs" data-testid="commit-branch">
              {branch}
            </code>{" "}
            of the repository (or {branch}-2, -3, … if an earlier commit took that name), and the branch is linked on
            the work item. Exactly the diff below is committed.
          </>
        ) : (
          "Loading…"
        )}
      </p>
      <p className="text-xs text-fg-subtle" data-testid="commit-stats">
        {stats.files} {stats.files === 1 ? "file" : "files"} changed,{" "}
        <span className="text-success">+{stats.added}</span> <span className="text-danger">−{stats.removed}</span>
      </p>
      <DiffView diff={diff} />
    </>
  );
}
