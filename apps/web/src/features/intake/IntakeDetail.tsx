import { Link } from "react-router";
import { Check, Clock, Copy, Trash2, X } from "lucide-react";
import { INTAKE_STATUS } from "@stride/shared";
import type { IntakeItemDetail, TriageChange } from "../../api/intake.ts";
import { Button } from "../../components/ui/index.ts";
import { sanitizeHtml } from "../../lib/html.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { useCan } from "../../lib/permissions.ts";
import { isSnoozed, StatusBadge } from "./IntakeBits.tsx";

type Act = (c: Omit<TriageChange, "issueId">) => void;

/** The selected request: its triage buttons, what is known of it, and its description. */
export function IntakeDetail({
  item,
  identifier,
  slug,
  canTriage,
  onAct,
  onDuplicate,
  onSnooze,
  onDelete,
}: {
  item: IntakeItemDetail;
  identifier: string;
  slug: string;
  canTriage: boolean;
  onAct: Act;
  onDuplicate: () => void;
  onSnooze: () => void;
  onDelete: () => void;
}) {
  const canDelete = useCan("delete", "intake", { projectId: item.issue.project_id, createdBy: item.created_by });
  return (
    <article aria-label={item.issue.name} className="space-y-4 p-6">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-fg-subtle">{`${identifier}-${item.issue.sequence_id}`}</span>
        <StatusBadge status={item.status} snoozedTill={item.snoozed_till} />
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {canTriage && <TriageButtons item={item} onAct={onAct} onDuplicate={onDuplicate} onSnooze={onSnooze} />}
          {canDelete && (
            <Button size="sm" variant="ghost" aria-label="Delete request" title="Delete request" onClick={onDelete}>
              <Trash2 size={14} aria-hidden />
            </Button>
          )}
        </div>
      </div>
      <h2 className="text-xl font-semibold">{item.issue.name}</h2>
      <DetailFacts item={item} identifier={identifier} slug={slug} />
      <div
        className="editor-content rounded-md border border-line p-3 text-sm"
        data-rich-text
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.issue.description_html || "<p></p>") }}
      />
      {canTriage && (
        <p className="text-xs text-fg-subtle">
          Keys: 1 accept · 2 duplicate · 3 decline · H snooze · J / K next and previous
        </p>
      )}
    </article>
  );
}

/** Accept, duplicate, decline, snooze (or unsnooze) and back to pending. */
function TriageButtons({
  item,
  onAct,
  onDuplicate,
  onSnooze,
}: {
  item: IntakeItemDetail;
  onAct: Act;
  onDuplicate: () => void;
  onSnooze: () => void;
}) {
  const snoozed = isSnoozed(item);
  return (
    <>
      <Button
        size="sm"
        onClick={() => onAct({ status: INTAKE_STATUS.accepted })}
        disabled={item.status === INTAKE_STATUS.accepted}
        title="Accept (1)"
      >
        <Check size={14} aria-hidden /> Accept
      </Button>
      <Button size="sm" variant="secondary" onClick={onDuplicate} title="Mark as duplicate (2)">
        <Copy size={14} aria-hidden /> Duplicate
      </Button>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onAct({ status: INTAKE_STATUS.declined })}
        disabled={item.status === INTAKE_STATUS.declined}
        title="Decline (3)"
      >
        <X size={14} aria-hidden /> Decline
      </Button>
      {snoozed ? (
        <Button size="sm" variant="secondary" onClick={() => onAct({ snoozed_till: null })}>
          <Clock size={14} aria-hidden /> Unsnooze
        </Button>
      ) : (
        <Button size="sm" variant="secondary" onClick={onSnooze} title="Snooze (H)">
          <Clock size={14} aria-hidden /> Snooze
        </Button>
      )}
      {item.status !== INTAKE_STATUS.pending && !snoozed && (
        <Button size="sm" variant="ghost" onClick={() => onAct({ status: INTAKE_STATUS.pending })}>
          Move to pending
        </Button>
      )}
    </>
  );
}

/** When and how it was filed, who sent it, its priority, snooze, duplicate and accepted work item. */
function DetailFacts({ item, identifier, slug }: { item: IntakeItemDetail; identifier: string; slug: string }) {
  const when = useDateTimeFormat();
  const key = `${identifier}-${item.issue.sequence_id}`;
  const dup = item.duplicate_issue_detail;
  return (
    <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-fg-subtle">Filed</dt>
      <dd>
        {when.dateTime(item.created_at)}
        {item.source === "FORMS" ? " through the public form" : " in the app"}
      </dd>
      {item.source_email && (
        <>
          <dt className="text-fg-subtle">From</dt>
          <dd>{item.source_email}</dd>
        </>
      )}
      <dt className="text-fg-subtle">Priority</dt>
      <dd className="capitalize">{item.issue.priority}</dd>
      {isSnoozed(item) && (
        <>
          <dt className="text-fg-subtle">Snoozed till</dt>
          <dd>{when.dateTime(item.snoozed_till!)}</dd>
        </>
      )}
      {dup && (
        <>
          <dt className="text-fg-subtle">Duplicate of</dt>
          <dd>
            <Link className="text-indigo-600 hover:underline" to={`/${slug}/browse/${identifier}-${dup.sequence_id}/`}>
              {identifier}-{dup.sequence_id} {dup.name}
            </Link>
          </dd>
        </>
      )}
      {item.status === INTAKE_STATUS.accepted && (
        <>
          <dt className="text-fg-subtle">Work item</dt>
          <dd>
            <Link className="text-indigo-600 hover:underline" to={`/${slug}/browse/${key}/`}>
              Open {key}
            </Link>
          </dd>
        </>
      )}
    </dl>
  );
}
