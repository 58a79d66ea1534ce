import { Link } from "react-router";
import type { ItemKind } from "../../../api/work-items.ts";
import { ITEM_RELATION_TYPES, type ItemRelationType } from "@stride/shared";
import { RELATION_LABEL, useRelationMutations, useRelations } from "../../../api/work-items-detail.ts";
import { waitsForServer } from "../../../api/work-items-parts.ts";
import type { ProjectRefs } from "../../../api/work-items-refs.ts";
import { Icon, StateGroupIcon } from "../../../components/work-item/icons.tsx";
import { IssuePicker } from "../../../components/work-item/IssuePicker.tsx";
import { itemName, itemUrl } from "../../../components/work-item/item.ts";
import type { RelatedWorkItem } from "@stride/shared/contract";
import type { WorkItem } from "../../../api/work-items-types.ts";
import { schemaCheck, useDialogForm } from "../../../lib/settings-form.ts";
import { ADD_BTN, OFFLINE_PART, Widget } from "./Widget.tsx";
import { FieldAlert } from "./form-bits.tsx";

/** The relation being added: its type, and the items picked (set as they are picked, then sent). */
interface RelationValues {
  relation_type: ItemRelationType;
  issues: string[];
}

const checkRelation = schemaCheck(
  (c) => c.addRelationsBody,
  (v: RelationValues) => v,
);

/**
 * Relations: blocked by, blocking, relates to, duplicate of. Adding one updates the other item too
 * (blocked_by ↔ blocking; relates_to and duplicate both ways). Optimistic, restored on failure.
 */
export function Relations({
  slug,
  pid,
  id,
  kind,
  refs,
  editable,
  open,
  onToggle,
}: {
  slug: string;
  pid: string;
  id: string;
  kind: ItemKind;
  refs: ProjectRefs;
  editable: boolean;
  open: boolean;
  onToggle: () => void;
}) {
  const q = useRelations(slug, pid, id, kind);
  const { add, remove } = useRelationMutations(slug, pid, id, kind);
  const data = q.data;
  const total = ITEM_RELATION_TYPES.reduce((n, t) => n + (data?.[t]?.length ?? 0), 0);
  const related = ITEM_RELATION_TYPES.flatMap((t) => (data?.[t] ?? []).map((r) => r.id));
  return (
    <Widget
      id="relations"
      title="Relations"
      count={total || undefined}
      open={open}
      onToggle={onToggle}
      actions={
        editable && (
          <RelationAdd
            slug={slug}
            pid={pid}
            exclude={[id, ...related]}
            onAdd={(type, issues) => add.mutate({ type, issues })}
          />
        )
      }
    >
      {total === 0 ? (
        <p className="px-1 text-xs text-fg-subtle">
          {waitsForServer(q) ? OFFLINE_PART : q.isLoading ? "Loading…" : "No relations."}
        </p>
      ) : (
        <div className="space-y-3">
          {ITEM_RELATION_TYPES.filter((t) => (data?.[t]?.length ?? 0) > 0).map((t) => (
            <div key={t} data-relation={t}>
              <h4 className="mb-1 text-xs font-medium uppercase tracking-wide text-fg-subtle">{RELATION_LABEL[t]}</h4>
              <ul className="space-y-1">
                {data![t].map((r) => (
                  <RelationRow
                    key={r.id}
                    related={r}
                    slug={slug}
                    refs={refs}
                    editable={editable}
                    onRemove={() => remove.mutate({ type: t, relatedId: r.id })}
                  />
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </Widget>
  );
}

/** The type of relation to add, and the picker of the items to relate; checked as the server checks the body. */
function RelationAdd({
  slug,
  pid,
  exclude,
  onAdd,
}: {
  slug: string;
  pid: string;
  exclude: string[];
  onAdd: (type: ItemRelationType, issues: WorkItem[]) => void;
}) {
  const { form, error, onSubmit } = useDialogForm<RelationValues>(
    { relation_type: "blocked_by", issues: [] },
    checkRelation,
  );
  const submit = (items: WorkItem[]) => {
    form.setValue(
      "issues",
      items.map((i) => i.id),
    );
    void onSubmit((v) => onAdd(v.relation_type, items))();
  };
  return (
    <span className="flex items-center gap-1">
      <select
        aria-label="Relation type"
        {...form.register("relation_type")}
        className="h-7 rounded-md border border-line-raised bg-surface px-1 text-xs"
      >
        {ITEM_RELATION_TYPES.map((t) => (
          <option key={t} value={t}>
            {RELATION_LABEL[t]}
          </option>
        ))}
      </select>
      <IssuePicker
        slug={slug}
        pid={pid}
        multiple
        label="Add relation"
        exclude={exclude}
        buttonClassName={ADD_BTN}
        button={
          <>
            <Icon name="plus" size={12} />
            Add relation
          </>
        }
        onPick={submit}
      />
      <FieldAlert>{error("relation_type") ?? error("issues")}</FieldAlert>
    </span>
  );
}

/** One related item: its state, key and name; removable. */
function RelationRow({
  related: r,
  slug,
  refs,
  editable,
  onRemove,
}: {
  related: RelatedWorkItem;
  slug: string;
  refs: ProjectRefs;
  editable: boolean;
  onRemove: () => void;
}) {
  const ident = refs.project?.identifier;
  const st = refs.stateById.get(r.state_id ?? "");
  const key = `${ident}-${r.sequence_id}`;
  return (
    <li data-item={key} className="group flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-surface-muted">
      <StateGroupIcon group={st?.group} color={st?.color} />
      <span className="w-14 shrink-0 text-xs text-fg-subtle">{key}</span>
      <Link to={itemUrl(slug, ident, r.sequence_id)} className="min-w-0 flex-1 truncate hover:underline">
        {itemName(r.name)}
      </Link>
      {editable && (
        <button
          type="button"
          aria-label={`Remove relation with ${key}`}
          onClick={onRemove}
          className="rounded p-1 text-fg-faint opacity-0 hover:bg-fill-strong hover:text-fg-muted focus:opacity-100 group-hover:opacity-100"
        >
          <Icon name="close" size={12} />
        </button>
      )}
    </li>
  );
}
