import { useEffect, useState } from "react";
import { Link } from "react-router";
import { ArrowRight, Plus, Trash2 } from "lucide-react";
import { ROLE, workflowMovers } from "@stride/shared";
import type { PutWorkflowStateBody, WorkflowState } from "@stride/shared/contract";
import { useDeleteWorkflowState, useIntakeState, usePutWorkflowState, useWorkflowStates } from "../../api/workflows.ts";
import { useProjectRefs, type MemberRef } from "../../api/work-items-refs.ts";
import type { State } from "../../api/types.ts";
import { Avatar, Banner, Button, PageSpinner, Toggle, useToast } from "../../components/ui/index.ts";
import { Dropdown, type Option } from "../../components/work-item/Dropdown.tsx";
import { StateGroupIcon } from "../../components/work-item/icons.tsx";
import { displayName } from "../../components/work-item/properties.tsx";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";
import { why } from "./refusal.ts";

/** A move as the page edits it: the target state, the roles and the people who may make it. */
interface Move {
  transition_state_id: string;
  roles: number[];
  member_ids: string[];
}
const ROLE_OPTIONS: { role: number; label: string }[] = [
  { role: ROLE.ADMIN, label: "Admins" },
  { role: ROLE.MEMBER, label: "Members" },
  { role: ROLE.GUEST, label: "Guests" },
];

/**
 * Workflows (`is_workflow_enabled`, work-tracking.md §3): per state, the states its work items may move to and who may
 * make each move. Turned on and off on the Features page; while off the rules are kept but nothing is enforced, and
 * this page says so. Every change is saved at once (PUT P/workflow-states/{state}/).
 */
export function ProjectWorkflowsSettings() {
  return (
    <ProjectSettingsGate page="workflows">
      <Workflows />
    </ProjectSettingsGate>
  );
}

function Workflows() {
  const { slug, projectId, project } = useCurrentProject();
  const refs = useProjectRefs(slug, projectId);
  const rules = useWorkflowStates(slug, projectId, true);
  const triage = useIntakeState(slug, projectId, !!project.intake_view);
  const canEdit = useCan("edit", "workflow");
  if (rules.isLoading || refs.isLoading) return <PageSpinner />;
  if (rules.isError) return <Banner>{why(rules.error) ?? "Could not load the workflow."}</Banner>;
  const on = !!project.is_workflow_enabled;
  const ruleOf = (id: string) => (rules.data ?? []).find((r) => r.state_id === id) ?? null;
  const subjects: { state: State; intake?: boolean }[] = [
    ...(triage.data ? [{ state: triage.data, intake: true }] : []),
    ...refs.states.map((state) => ({ state })),
  ];
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h2 className="text-lg font-semibold">Workflows</h2>
        <p className="mt-1 text-sm text-fg-subtle">
          Choose, for each state, which states its work items may move to and who may move them. A state without limits
          lets its work items move anywhere.
        </p>
      </div>
      {on ? (
        <Banner kind="success">
          Workflows are on. Every move follows these rules: in the app, on boards, in bulk changes, through the API, by
          agents, when intake requests are accepted and when imports update work items.
        </Banner>
      ) : (
        <Banner kind="info">
          <span data-testid="workflows-off">
            Workflows are off: the rules below are kept but not enforced, and work items move freely between states.{" "}
            {canEdit && (
              <Link className="font-medium underline" to={`/${slug}/projects/${projectId}/settings/features/`}>
                Turn workflows on in Features
              </Link>
            )}
          </span>
        </Banner>
      )}
      <div className="space-y-4">
        {subjects.map(({ state, intake }) => (
          <StateRule
            key={state.id}
            state={state}
            intake={!!intake}
            rule={ruleOf(state.id)}
            states={refs.states}
            members={refs.members}
            canEdit={canEdit}
          />
        ))}
      </div>
    </div>
  );
}

/**
 * A state's rule as the card edits it: a change shows at once and is saved (null: no limits); the server's answer (or
 * a live event) brings the saved rule back, a refusal the one before.
 */
function useRuleDraft(state: State, rule: WorkflowState | null) {
  const { slug, projectId } = useCurrentProject();
  const put = usePutWorkflowState(slug, projectId);
  const del = useDeleteWorkflowState(slug, projectId);
  const toast = useToast();
  const stored: Move[] | null = rule
    ? rule.transitions.map(({ transition_state_id, roles, member_ids }) => ({ transition_state_id, roles, member_ids }))
    : null;
  const [draft, setDraft] = useState<Move[] | null>(stored);
  const storedKey = JSON.stringify(stored);
  useEffect(() => {
    setDraft(JSON.parse(storedKey) as Move[] | null);
  }, [storedKey]);
  const save = (next: Move[] | null, done?: string) => {
    setDraft(next);
    const opts = {
      onSuccess: () => done && toast.show("success", done),
      onError: (e: unknown) => {
        setDraft(stored);
        toast.show("error", `Could not save the rule of ${state.name}`, why(e));
      },
    };
    if (next === null) del.mutate(state.id, opts);
    else put.mutate({ stateId: state.id, transitions: next as PutWorkflowStateBody["transitions"] }, opts);
  };
  return { draft, save, busy: put.isPending || del.isPending };
}

/** One state's card: free, or limited to the moves it lists (each with who may make it). */
function StateRule({
  state,
  intake,
  rule,
  states,
  members,
  canEdit,
}: {
  state: State;
  intake: boolean;
  rule: WorkflowState | null;
  states: State[];
  members: MemberRef[];
  canEdit: boolean;
}) {
  const { draft, save, busy } = useRuleDraft(state, rule);
  const unused = states.filter((s) => s.id !== state.id && !draft?.some((m) => m.transition_state_id === s.id));
  const limited = draft !== null;
  return (
    <section aria-label={`Rule of ${state.name}`} data-rule={state.id} className="rounded-lg border border-line">
      <div className="flex items-center gap-2 border-b border-line px-4 py-2">
        <StateGroupIcon group={state.group} color={state.color} />
        <h3 className="text-sm font-semibold">{state.name}</h3>
        {intake && <span className="rounded bg-fill px-1.5 py-0.5 text-xs text-fg-muted">Intake</span>}
      </div>
      <div className="px-4">
        <Toggle
          label={intake ? "Limit where accepted requests go" : `Limit moves out of ${state.name}`}
          description={ruleDescription(state, intake, limited)}
          checked={limited}
          disabled={!canEdit || busy}
          onChange={(v) =>
            save(
              v ? [] : null,
              v ? `Moves out of ${state.name} are limited` : `Work items in ${state.name} move freely`,
            )
          }
        />
      </div>
      {limited && (
        <div className="space-y-2 px-4 pb-4">
          {draft.length === 0 && (
            <p className="text-sm text-fg-subtle">
              Work items in {state.name} can't move to another state. Add the moves you allow.
            </p>
          )}
          {draft.length > 0 && (
            <MoveList
              from={state}
              moves={draft}
              states={states}
              members={members}
              canEdit={canEdit}
              busy={busy}
              onChange={(next) => save(next)}
            />
          )}
          {canEdit && unused.length > 0 && (
            <AddMove
              from={state}
              unused={unused}
              onAdd={(id) => save([...draft, { transition_state_id: id, roles: [], member_ids: [] }])}
            />
          )}
        </div>
      )}
    </section>
  );
}

/** What the card's switch says: whether moves out of the state (or accepted requests) are limited. */
function ruleDescription(state: State, intake: boolean, limited: boolean): string {
  if (limited)
    return intake
      ? "Accepting a request moves it to the project's default state: list it below to allow it."
      : `Work items in ${state.name} move only as listed below.`;
  return intake
    ? "Accepted requests go to the project's default state."
    : `Work items in ${state.name} can move to any state.`;
}

/** The moves a limited state allows, each with who may make it; removed one by one. */
function MoveList({
  from,
  moves,
  states,
  members,
  canEdit,
  busy,
  onChange,
}: {
  from: State;
  moves: Move[];
  states: State[];
  members: MemberRef[];
  canEdit: boolean;
  busy: boolean;
  onChange: (moves: Move[]) => void;
}) {
  return (
    <ul className="divide-y divide-line-subtle rounded-md border border-line">
      {moves.map((m, i) => {
        const to = states.find((s) => s.id === m.transition_state_id);
        return (
          <li
            key={m.transition_state_id}
            data-move={m.transition_state_id}
            className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm"
          >
            <ArrowRight size={14} aria-hidden className="text-fg-faint" />
            <span className="flex min-w-32 items-center gap-1.5 font-medium">
              <StateGroupIcon group={to?.group} color={to?.color} />
              {to?.name ?? "Unknown state"}
            </span>
            <span className="text-xs text-fg-subtle">moved by</span>
            <WhoPicker
              move={m}
              members={members}
              disabled={!canEdit}
              label={`Who may move from ${from.name} to ${to?.name ?? "this state"}`}
              onChange={(who) => onChange(moves.map((x, j) => (j === i ? { ...x, ...who } : x)))}
            />
            <span className="flex-1" />
            {canEdit && (
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove the move from ${from.name} to ${to?.name ?? "this state"}`}
                disabled={busy}
                onClick={() => onChange(moves.filter((_, j) => j !== i))}
              >
                <Trash2 size={14} aria-hidden />
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Adds a move to one of the states not listed yet. */
function AddMove({ from, unused, onAdd }: { from: State; unused: State[]; onAdd: (stateId: string) => void }) {
  return (
    <Dropdown
      label={`Add a move from ${from.name}`}
      options={unused.map((s) => ({
        value: s.id,
        label: s.name,
        icon: <StateGroupIcon group={s.group} color={s.color} />,
        keywords: s.group,
      }))}
      value={null}
      onChange={(v) => typeof v === "string" && onAdd(v)}
      buttonClassName="inline-flex h-8 items-center gap-1.5 rounded-md border border-dashed border-line-strong px-2.5 text-sm text-fg-muted hover:bg-fill-subtle"
      button={
        <>
          <Plus size={14} aria-hidden /> Add a move
        </>
      }
    />
  );
}

/** Who may make a move: roles and people (none chosen: anyone who may edit the work item). */
function WhoPicker({
  move,
  members,
  disabled,
  label,
  onChange,
}: {
  move: Move;
  members: MemberRef[];
  disabled: boolean;
  label: string;
  onChange: (who: Pick<Move, "roles" | "member_ids">) => void;
}) {
  const value = [...move.roles.map((r) => `role:${r}`), ...move.member_ids.map((id) => `user:${id}`)];
  const options = (): Option[] => [
    ...ROLE_OPTIONS.map((r) => ({ value: `role:${r.role}`, label: `All ${r.label.toLowerCase()}`, keywords: "role" })),
    ...members.map((m) => ({
      value: `user:${m.id}`,
      label: displayName(m),
      keywords: m.display_name,
      icon: <Avatar name={m.display_name || m.first_name} url={m.avatar_url} size="sm" />,
    })),
  ];
  const byId = new Map(members.map((m) => [m.id, m]));
  const who = workflowMovers(move, (id) => (byId.has(id) ? displayName(byId.get(id)) : null));
  return (
    <Dropdown
      label={label}
      title={label}
      multiple
      options={options}
      value={value}
      disabled={disabled}
      searchPlaceholder="Roles and people"
      onChange={(v) => {
        const picked = (v as string[]) ?? [];
        onChange({
          roles: picked.filter((x) => x.startsWith("role:")).map((x) => Number(x.slice(5))),
          member_ids: picked.filter((x) => x.startsWith("user:")).map((x) => x.slice(5)),
        });
      }}
      buttonClassName="inline-flex h-7 max-w-72 items-center gap-1 truncate rounded-md border border-line-raised px-2 text-xs text-fg-muted hover:bg-fill disabled:hover:bg-transparent"
      button={
        <span className="truncate">{who ? who.charAt(0).toUpperCase() + who.slice(1) : "Anyone who may edit it"}</span>
      }
    />
  );
}
