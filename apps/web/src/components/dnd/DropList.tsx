import type { ReactNode } from "react";
import { cx } from "../ui/cx.ts";
import { useDropZone } from "./scope.tsx";
import { useSlotTarget } from "./sortable.ts";

/** A list of a sortable scope that takes drops at its end, and shows when a drag would land in it. */
export function DropList({
  container,
  label,
  className,
  children,
}: {
  container: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const zone = useDropZone<HTMLUListElement>({ container, at: "end" });
  const target = useSlotTarget(container);
  return (
    <ul ref={zone} aria-label={label} className={cx(className, target && "rounded-md bg-accent-soft")}>
      {children}
    </ul>
  );
}
