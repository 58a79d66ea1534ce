/**
 * Positions in sortable lists, as pure functions: a list of containers (kanban cells, list groups, state
 * groups, a sidebar list…) laid out in columns, each holding item ids in display order. A slot is where the
 * dragged item would land: a container and an index among the container's OTHER items (the dragged one
 * left out), so index 0 is "first" and `others.length` is "last" whatever the item's origin.
 */

export type Dir = "up" | "down" | "left" | "right";

export interface Slot {
  container: string;
  index: number;
}

export interface SlotModel {
  /** Containers in columns, left → right; each column top → bottom (a plain list is one column of one). */
  columns: readonly (readonly string[])[];
  /** Ids shown in a container, in order. */
  items(container: string): readonly string[];
  /** May the dragged item land in this container? (Its own container always may.) */
  accepts(container: string, dragged: string, from: string): boolean;
  /** Does the place inside the container matter (manual order)? Otherwise a drop only changes the container. */
  ordered(container: string): boolean;
  /** The container's name, read to screen readers ("In Progress"). */
  name(container: string): string;
}

export function others(model: SlotModel, container: string, dragged: string): string[] {
  return model.items(container).filter((id) => id !== dragged);
}

/** The slot an item starts from. */
export function originSlot(model: SlotModel, container: string, dragged: string): Slot {
  if (!model.ordered(container)) return { container, index: 0 };
  const at = model.items(container).indexOf(dragged);
  return { container, index: at < 0 ? others(model, container, dragged).length : at };
}

export function sameSlot(model: SlotModel, a: Slot | null, b: Slot | null): boolean {
  if (!a || !b) return a === b;
  return a.container === b.container && (a.index === b.index || !model.ordered(a.container));
}

function locate(model: SlotModel, container: string): { col: number; row: number } | null {
  for (let col = 0; col < model.columns.length; col++) {
    const row = model.columns[col].indexOf(container);
    if (row >= 0) return { col, row };
  }
  return null;
}

/**
 * The slot one arrow key away. Up/Down move inside an ordered container, then on to the container
 * above/below in the same column; Left/Right go to the neighbouring column (same row, place kept where it
 * fits). Containers that do not accept the item are skipped. Null when there is nowhere to go.
 */
export function stepSlot(model: SlotModel, slot: Slot, dir: Dir, dragged: string, from: string): Slot | null {
  const at = locate(model, slot.container);
  if (!at) return null;
  const accepts = (c: string) => c === from || model.accepts(c, dragged, from);
  if (dir === "up" || dir === "down") {
    if (model.ordered(slot.container)) {
      const max = others(model, slot.container, dragged).length;
      if (dir === "up" && slot.index > 0) return { container: slot.container, index: slot.index - 1 };
      if (dir === "down" && slot.index < max) return { container: slot.container, index: slot.index + 1 };
    }
    const column = model.columns[at.col];
    for (let r = at.row + (dir === "up" ? -1 : 1); r >= 0 && r < column.length; r += dir === "up" ? -1 : 1) {
      const c = column[r];
      if (!accepts(c)) continue;
      const end = model.ordered(c) ? others(model, c, dragged).length : 0;
      return { container: c, index: dir === "up" ? end : 0 };
    }
    return null;
  }
  for (
    let col = at.col + (dir === "left" ? -1 : 1);
    col >= 0 && col < model.columns.length;
    col += dir === "left" ? -1 : 1
  ) {
    const column = model.columns[col];
    if (!column.length) continue;
    const c = column[Math.min(at.row, column.length - 1)];
    if (!accepts(c)) continue;
    return { container: c, index: model.ordered(c) ? Math.min(slot.index, others(model, c, dragged).length) : 0 };
  }
  return null;
}

/**
 * The slot one arrow key away in a grid (a container whose items wrap into rows of `columns`, like stickies): left
 * and right one place in reading order, up and down one row (onto the last place when the row below is shorter).
 * The slot's index is the item's place in the grid once dropped (`count` items in all). Null where it cannot go.
 */
export function gridStep(slot: Slot, dir: Dir, count: number, columns: number): Slot | null {
  const cols = Math.max(1, Math.trunc(columns));
  const last = count - 1;
  const at = slot.index;
  const to = (index: number): Slot | null =>
    index >= 0 && index <= last && index !== at ? { container: slot.container, index } : null;
  switch (dir) {
    case "left":
      return to(at - 1);
    case "right":
      return to(at + 1);
    case "up":
      return to(at - cols);
    case "down":
      return Math.floor(at / cols) < Math.floor(last / cols) ? to(Math.min(at + cols, last)) : null;
  }
}

/**
 * The slot of a pointer over a drop target: over an item, before or after it (by the closest edge); over
 * a container's own area, its start or its end. Null over a container that does not accept the item.
 */
export function pointerSlot(
  model: SlotModel,
  over: { container: string; id?: string; edge?: "top" | "bottom" | "left" | "right" | null; at?: "start" | "end" },
  dragged: string,
  from: string,
): Slot | null {
  const c = over.container;
  if (c !== from && !model.accepts(c, dragged, from)) return null;
  if (!model.ordered(c)) return { container: c, index: 0 };
  const rest = others(model, c, dragged);
  if (over.id === dragged) return originSlot(model, c, dragged);
  if (over.id !== undefined) {
    const k = rest.indexOf(over.id);
    if (k >= 0) return { container: c, index: k + (over.edge === "bottom" || over.edge === "right" ? 1 : 0) };
  }
  return { container: c, index: over.at === "start" ? 0 : rest.length };
}

/** Where the drop line shows for the item `id` of `container`: at its top, at its bottom (after the last), or nowhere. */
export function lineEdge(
  model: SlotModel,
  target: Slot | null,
  dragged: string,
  container: string,
  id: string,
): "top" | "bottom" | null {
  if (!target || target.container !== container || id === dragged || !model.ordered(container)) return null;
  const rest = others(model, container, dragged);
  const k = rest.indexOf(id);
  if (k < 0) return null;
  if (k === target.index) return "top";
  if (k === rest.length - 1 && target.index === rest.length) return "bottom";
  return null;
}

/** "position 2 of 5" numbers of a slot (the dragged item counted in its new container). */
export function slotNumbers(model: SlotModel, slot: Slot, dragged: string): { position: number; of: number } {
  return { position: slot.index + 1, of: others(model, slot.container, dragged).length + 1 };
}

/** Sentences read at each step of a sortable drag. */
export function slotSentence(
  model: SlotModel,
  phase: "pickup" | "move" | "drop" | "cancel",
  slot: Slot,
  dragged: string,
  label: string,
): string {
  const name = model.name(slot.container);
  const ordered = model.ordered(slot.container);
  const { position, of } = slotNumbers(model, slot, dragged);
  switch (phase) {
    case "pickup":
      return ordered
        ? `Picked up ${label}. Position ${position} of ${of} in ${name}.`
        : `Picked up ${label} in ${name}.`;
    case "move":
      return ordered ? `Moved to ${name}, position ${position} of ${of}.` : `Moved to ${name}.`;
    case "drop":
      return ordered ? `Dropped ${label} in ${name}, position ${position} of ${of}.` : `Dropped ${label} in ${name}.`;
    case "cancel":
      return ordered
        ? `Cancelled. ${label} stays in ${name}, position ${position} of ${of}.`
        : `Cancelled. ${label} stays in ${name}.`;
  }
}
