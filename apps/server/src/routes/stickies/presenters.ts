import type { Sticky } from "@stride/shared/contract";
import { schema } from "../../db/client.ts";
import { auditFields } from "../../http/present.ts";

type StickyRow = typeof schema.stickies.$inferSelect;

/** A sticky (wire-facts §9). Its text is not collaborative: `description_binary` is always null. */
export function presentSticky(s: StickyRow): Sticky {
  return {
    id: s.id,
    name: s.name,
    description: s.description as Record<string, unknown>,
    description_html: s.descriptionHtml,
    description_stripped: s.descriptionStripped,
    description_binary: null,
    logo_props: s.logoProps as Record<string, unknown>,
    color: s.color,
    background_color: s.backgroundColor,
    sort_order: s.sortOrder,
    workspace: s.workspaceId,
    owner: s.ownerId,
    ...auditFields(s),
  };
}
