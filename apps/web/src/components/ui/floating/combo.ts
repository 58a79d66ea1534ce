import type { OpenFrom } from "./anchored.tsx";
import { nextIndex } from "./navigation.ts";
import type { ListOption } from "./options.ts";

/** A run of options under a heading, as the combobox core reads it (the section's other parts are its view's). */
export interface OptionGroup {
  id: string;
  options: ListOption[];
  expanded?: boolean;
}

/** An option in the one order the keys move through: its section and its element id. */
export interface FlatOption {
  o: ListOption;
  section: string;
  id: string;
}

/** The options of the open sections in order, each with its id (`{base}-{section index}-{option index}`). */
export function flattenGroups(groups: readonly OptionGroup[], base: string): FlatOption[] {
  const out: FlatOption[] = [];
  groups.forEach((g, gi) => {
    if (g.expanded === false) return;
    g.options.forEach((o, oi) => out.push({ o, section: g.id, id: `${base}-${gi}-${oi}` }));
  });
  return out;
}

/** The index in the list's one order of each section's first option (a folded section's options are not in it). */
export function firstIndexes(groups: readonly OptionGroup[]): number[] {
  let start = 0;
  return groups.map((g) => {
    const first = start;
    if (g.expanded !== false) start += g.options.length;
    return first;
  });
}

/** Where the active option starts: the last one, the (first) selected one, else the first (-1: none). */
export function initialIndex(
  flat: readonly FlatOption[],
  from: OpenFrom,
  isSelected: (o: ListOption, section?: string) => boolean,
): number {
  if (from === "last") return flat.length - 1;
  if (from === "selected") {
    const i = flat.findIndex((x) => isSelected(x.o, x.section));
    if (i >= 0) return i;
  }
  return flat.length ? 0 : -1;
}

/** What a key does in the list: move the active option, pick it, leave with Tab, or nothing of the list's. */
export type ComboKeyAction =
  | { kind: "move"; to: number }
  | { kind: "pick"; option: FlatOption | null }
  | { kind: "tab" }
  | { kind: "type" }
  | null;

/**
 * The list's answer to a key: arrows (wrapping), PageUp/PageDown and Home/End (except in a search box, where they
 * edit the text) move over the enabled options; Enter (and Space without a search box) picks the active one (none:
 * a disabled one); Tab leaves; a printable key without a search box is typeahead (`type`).
 */
export function comboKey(
  key: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean },
  flat: readonly FlatOption[],
  active: number,
  withSearch: boolean,
): ComboKeyAction {
  const editing = withSearch && (key.key === "Home" || key.key === "End");
  const to = editing ? null : nextIndex(key.key, active, flat.length, (i) => !flat[i]?.o.disabled);
  if (to !== null) return { kind: "move", to };
  if (key.key === "Enter" || (key.key === " " && !withSearch)) {
    const x = flat[active];
    return { kind: "pick", option: x && !x.o.disabled ? x : null };
  }
  if (key.key === "Tab") return { kind: "tab" };
  if (!withSearch && key.key.length === 1 && !key.ctrlKey && !key.metaKey && !key.altKey) return { kind: "type" };
  return null;
}
