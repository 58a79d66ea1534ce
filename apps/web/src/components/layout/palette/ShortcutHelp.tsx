import { Modal } from "../../ui/index.ts";
import { SHORTCUTS, SHORTCUT_GROUPS, keyLabels } from "../../../lib/shortcuts.ts";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** The keyboard shortcuts (`?`), from the one table the app acts on. */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts">
      <div data-modal-body className="space-y-4 text-sm">
        {SHORTCUT_GROUPS.map((g) => (
          <section key={g} aria-label={g}>
            <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-fg-subtle">{g}</h3>
            <dl className="divide-y divide-line-subtle">
              {SHORTCUTS.filter((s) => s.group === g).map((s) => (
                <div key={s.id} className="flex items-center justify-between py-1.5">
                  <dt>{s.label}</dt>
                  <dd
                    className="flex items-center gap-1"
                    aria-label={keyLabels(s.keys, isMac).join(s.keys.length > 1 && s.keys[0] === "G" ? " then " : " ")}
                  >
                    {keyLabels(s.keys, isMac).map((k, i) => (
                      <span key={i} className="flex items-center gap-1" aria-hidden>
                        {/* a sequence (G, then C) reads as one: keys pressed together show side by side */}
                        {i > 0 && s.keys[0] === "G" && <span className="text-xs text-fg-subtle">then</span>}
                        <kbd className="rounded border border-line-strong bg-fill-subtle px-1.5 text-xs">{k}</kbd>
                      </span>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
