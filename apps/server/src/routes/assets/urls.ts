import { staticAssetUrl } from "../../http/present.ts";

type AssetRow = {
  id: string;
  entityType: string | null;
  projectId: string | null;
  issueId: string | null;
  draftIssueId?: string | null;
};

/** Entity types whose files are public (avatars, covers, logos). */
export const PUBLIC_ENTITY_TYPES = ["USER_AVATAR", "USER_COVER", "WORKSPACE_LOGO", "PROJECT_COVER"] as const;

/** The `asset_url` of a file asset (wire-facts §10). */
export function assetUrl(a: AssetRow, workspaceSlug: string | null): string {
  if (a.entityType && (PUBLIC_ENTITY_TYPES as readonly string[]).includes(a.entityType)) return staticAssetUrl(a.id);
  if (a.entityType === "ISSUE_ATTACHMENT" && a.projectId && a.issueId && workspaceSlug) {
    return `/api/assets/v2/workspaces/${workspaceSlug}/projects/${a.projectId}/issues/${a.issueId}/attachments/${a.id}/`;
  }
  if (a.projectId && workspaceSlug)
    return `/api/assets/v2/workspaces/${workspaceSlug}/projects/${a.projectId}/${a.id}/`;
  if (workspaceSlug) return `/api/assets/v2/workspaces/${workspaceSlug}/${a.id}/`;
  return staticAssetUrl(a.id);
}
