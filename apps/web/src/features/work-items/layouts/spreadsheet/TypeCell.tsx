import type { WorkItem } from "../../../../api/work-items-types.ts";
import { Dropdown, type Option } from "../../../../components/work-item/Dropdown.tsx";
import { BTN } from "../../../../components/work-item/properties.tsx";
import type { ItemTyping } from "../../../../components/work-item/custom-properties.tsx";

/**
 * The spreadsheet's Type cell (issue #29): a picker like the State and Priority cells, offering the project's active
 * types (an epic keeps its epic type: it cannot change).
 */
export function TypeCell({
  item,
  typing,
  disabled,
  onChange,
}: {
  item: WorkItem;
  typing: ItemTyping;
  disabled: boolean;
  onChange: (typeId: string) => void;
}) {
  const value = item.type_id ?? typing.defaultType(!!item.is_epic)?.id ?? null;
  const current = typing.types.find((t) => t.id === value);
  const options = (): Option[] =>
    typing.types
      .filter((t) => (t.is_epic ? t.id === item.type_id : t.is_active !== false))
      .map((t) => ({ value: t.id, label: t.name }));
  return (
    <Dropdown
      label="Work item type"
      title={current ? `Work item type: ${current.name}` : "Work item type"}
      options={options}
      value={value}
      disabled={disabled || !!item.is_epic}
      onChange={(v) => v && typeof v === "string" && v !== value && onChange(v)}
      buttonClassName={BTN.cell}
      button={<span className="truncate">{current?.name ?? <span className="text-fg-subtle">Type</span>}</span>}
    />
  );
}
