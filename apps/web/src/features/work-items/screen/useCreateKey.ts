import { useEffect } from "react";
import { goChord } from "../../../lib/shortcuts.ts";

/** "c" opens the create modal, like the command palette shortcut (not while typing, nor as the end of "G then C"). */
export function useCreateKey(enabled: boolean, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      // the C of "G then C" ends the chord (go to cycles), it does not create
      if (
        e.key !== "c" ||
        e.metaKey ||
        e.ctrlKey ||
        e.altKey ||
        goChord.pending() ||
        t?.closest("input,textarea,select,[contenteditable=true],dialog")
      )
        return;
      e.preventDefault();
      setOpen(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [enabled, setOpen]);
}
