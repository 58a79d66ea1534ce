import { copyText } from "../../../lib/clipboard.ts";
import type { WorkItemTarget } from "../../../lib/command-target.ts";
import type { PaletteAction, Picker } from "./commands.ts";

/** What the palette's dialog lends a chosen command to act with. */
export interface CommandContext {
  target: WorkItemTarget | null;
  onClose: () => void;
  onCreate: () => void;
  onHelp: () => void;
  /** Open a picker in the same dialog. */
  pick: (p: Picker) => void;
  navigate: (href: string) => void;
  /** The item's link was copied. */
  copied: (key: string) => void;
}

/** Carry out a chosen command: most close the palette, a picker opens in it, a multi-choice option keeps it open. */
export function runCommand(run: PaletteAction, c: CommandContext): void {
  const target = c.target;
  switch (run.kind) {
    case "go":
      c.onClose();
      c.navigate(run.href);
      return;
    case "pick":
      c.pick(run.picker);
      return;
    case "set":
      target?.set(run.patch);
      if (!run.keepOpen) c.onClose();
      return;
    case "create":
      c.onClose();
      c.onCreate();
      return;
    case "help":
      c.onClose();
      c.onHelp();
      return;
    case "copy-link":
      if (target) void copyText(window.location.origin + target.url).then(() => c.copied(target.key));
      c.onClose();
      return;
    case "archive":
      target?.archive?.();
      c.onClose();
      return;
    case "delete":
      c.onClose();
      target?.requestDelete?.();
      return;
    case "run-agent":
      c.onClose();
      target?.runAgent?.();
      return;
  }
}
