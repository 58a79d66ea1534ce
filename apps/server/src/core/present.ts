/** Small helpers every presenter uses. */

/** ISO-8601 or null. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** Public URL of an uploaded avatar / cover / logo asset (wire-facts §10), else the stored URL, else null. */
export function assetUrl(assetId: string | null | undefined, fallback?: string | null): string | null {
  if (assetId) return `/api/assets/v2/static/${assetId}/`;
  return fallback ? fallback : null;
}
