/**
 * The one screen-reader voice of drag and drop: a visually hidden live region, plus the instructions
 * every draggable item points at with `aria-describedby`. Both are created once, on first use, and shared
 * by every drag scope of the app (boards, lists, calendar, timeline, settings, later the sidebar).
 */
export const DND_INSTRUCTIONS_ID = "dnd-instructions";
export const DND_INSTRUCTIONS =
  "Press Space or Enter to pick up. Then use the arrow keys to move, Space or Enter to drop, Escape to cancel.";

let region: HTMLElement | null = null;

/** Make sure the live region and the instructions are in the document. */
export function ensureDndDom(): HTMLElement {
  if (region?.isConnected) return region;
  const live = document.createElement("div");
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "assertive");
  live.setAttribute("aria-atomic", "true");
  live.className = "sr-only";
  live.dataset.dndLive = "";
  const help = document.createElement("div");
  help.id = DND_INSTRUCTIONS_ID;
  help.className = "sr-only";
  help.textContent = DND_INSTRUCTIONS;
  document.body.append(live, help);
  region = live;
  return live;
}

/** Say something to screen readers (a repeat of the last sentence is still read). */
export function announce(text: string): void {
  const el = ensureDndDom();
  el.textContent = el.textContent === text ? `${text}\u00a0` : text;
}
