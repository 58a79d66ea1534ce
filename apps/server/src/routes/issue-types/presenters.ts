import { planeShape, type PropertyKind } from "@stride/shared";
import type { IssueProperty, IssuePropertyOption, IssueType, LogoProps } from "@stride/shared/contract";
import type { IssueTypeRow, PropertyOptionRow, PropertyWithOptions } from "./commands.ts";

export function presentIssueType(t: IssueTypeRow): IssueType {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    logo_props: t.logoProps as LogoProps,
    is_default: t.isDefault,
    is_epic: t.isEpic,
    is_active: t.isActive,
    project_id: t.projectId,
    workspace_id: t.workspaceId,
    sort_order: t.sortOrder,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

export function presentOption(o: PropertyOptionRow): IssuePropertyOption {
  return {
    id: o.id,
    name: o.name,
    description: o.description,
    property: o.propertyId,
    is_default: o.isDefault,
    is_active: o.isActive,
    sort_order: o.sortOrder,
    logo_props: o.logoProps as LogoProps,
  };
}

/** A property with Plane's description of its kind (`property_type`, `relation_type`, `is_multi`, `settings`). */
export function presentProperty(p: PropertyWithOptions): IssueProperty {
  const kind = p.kind as PropertyKind;
  const { display_format, ...plane } = planeShape(kind);
  const s = (p.settings ?? {}) as { min?: number | null; max?: number | null };
  return {
    id: p.id,
    name: p.name,
    display_name: p.displayName,
    description: p.description,
    kind,
    ...plane,
    issue_type: p.issueTypeId,
    project_id: p.projectId,
    workspace_id: p.workspaceId,
    is_required: p.isRequired,
    is_active: p.isActive,
    default_value: p.defaultValue,
    settings: {
      ...(display_format ? { display_format } : {}),
      ...(kind === "number" ? { min: s.min ?? null, max: s.max ?? null } : {}),
    },
    sort_order: p.sortOrder,
    logo_props: p.logoProps as LogoProps,
    options: p.options.map(presentOption),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
