import { workflowMove, type WorkflowVerdict } from "@stride/shared";
import type { ProjectRefs } from "../api/work-items-refs.ts";

const OK: WorkflowVerdict = { ok: true };

/** A person as the web names them: full name, else display name. */
function personName(u: { first_name?: string; last_name?: string; display_name?: string } | undefined): string | null {
  if (!u) return null;
  return [u.first_name, u.last_name].filter(Boolean).join(" ") || u.display_name || null;
}

/**
 * May the caller move a work item from state `from` to `to`, by the project's workflow? The shared rule
 * (`workflowMove`, the server's too), with the names the refusal's sentence needs. Allowed while workflows are off,
 * their rules are not read yet, or the item's state is not one the screen knows (the server still decides).
 */
export function moveVerdict(
  refs: Pick<ProjectRefs, "workflow" | "stateById" | "memberById" | "userById">,
  from: string | null | undefined,
  to: string,
): WorkflowVerdict {
  const wf = refs.workflow;
  if (!wf || !from || from === to) return OK;
  const f = refs.stateById.get(from);
  const t = refs.stateById.get(to);
  if (!f || !t) return OK;
  return workflowMove({
    enabled: true,
    rules: wf.rules,
    from: { id: f.id, name: f.name },
    to: { id: t.id, name: t.name },
    actor: wf.actor,
    stateName: (id) => refs.stateById.get(id)?.name,
    memberName: (id) => personName(refs.memberById.get(id) ?? refs.userById.get(id)),
  });
}
