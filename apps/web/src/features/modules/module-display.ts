import { useState } from "react";
import {
  MODULE_DISPLAY_DEFAULTS,
  MODULE_LAYOUTS,
  MODULE_ORDER_BY,
  type ModuleLayout,
  type ModuleOrderBy,
} from "@stride/shared";

export interface Display {
  layout: ModuleLayout;
  order_by: ModuleOrderBy;
  favorites: boolean;
}

/** The module page's display choices (§9 defaults), kept on this device per project. */
export function useModuleDisplay(slug: string, pid: string): [Display, (p: Partial<Display>) => void] {
  const key = `stride.modules.${slug}.${pid}`;
  const [d, setD] = useState<Display>(() => {
    try {
      const raw = localStorage.getItem(key);
      const v = raw ? (JSON.parse(raw) as Partial<Display>) : {};
      return {
        layout: MODULE_LAYOUTS.includes(v.layout as ModuleLayout)
          ? (v.layout as ModuleLayout)
          : MODULE_DISPLAY_DEFAULTS.layout,
        order_by: MODULE_ORDER_BY.includes(v.order_by as ModuleOrderBy)
          ? (v.order_by as ModuleOrderBy)
          : MODULE_DISPLAY_DEFAULTS.order_by,
        favorites: typeof v.favorites === "boolean" ? v.favorites : MODULE_DISPLAY_DEFAULTS.favorites,
      };
    } catch {
      return { ...MODULE_DISPLAY_DEFAULTS };
    }
  });
  const update = (p: Partial<Display>) =>
    setD((cur) => {
      const next = { ...cur, ...p };
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        /* storage off: keep the choice for this visit */
      }
      return next;
    });
  return [d, update];
}
