/**
 * J / K / X in work-item lists: the open control of every row, card or spreadsheet name cell carries
 * `data-open-item`; J and K move the focus through them in the page's order (scrolling the row into view, so a
 * virtualised list renders the next one), X toggles the focused row's selection box.
 */
export function moveListFocus(step: 1 | -1): boolean {
  const all = [...document.querySelectorAll<HTMLElement>("main [data-open-item]")];
  if (all.length === 0) return false;
  const at = all.findIndex(
    (el) =>
      el === document.activeElement ||
      el.contains(document.activeElement) ||
      !!document.activeElement?.closest("[data-item]")?.contains(el),
  );
  const next = at < 0 ? (step === 1 ? 0 : all.length - 1) : Math.min(Math.max(at + step, 0), all.length - 1);
  all[next].focus();
  all[next].scrollIntoView({ block: "nearest" });
  return true;
}

export function toggleFocusedSelection(): boolean {
  const row = (document.activeElement as HTMLElement | null)?.closest("[data-item]");
  const box = row?.querySelector<HTMLInputElement>("input[type=checkbox]");
  if (!box) return false;
  box.click();
  return true;
}
