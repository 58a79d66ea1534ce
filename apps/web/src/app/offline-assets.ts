/**
 * The build's files the screens that open offline need (issue #28 point 5), which the service worker
 * (public/sw.js) fetches into its cache in the background so that a screen whose code was never loaded still opens
 * without the server. Read from Vite's build manifest at build time (vite.config.ts `offlineAssets`), never a
 * hand-kept list of hashed names: the static imports, styles and assets (the local database's worker) of the
 * chunks below, not their dynamic imports (the other screens, the password scorer, the assistant…).
 */
export const OFFLINE_SCREENS: readonly (string | RegExp)[] = [
  // the page's script and the shell (sidebar, a project's layout): the app itself
  "index.html",
  "src/app/chunks/shell.ts",
  // the work-item lists (a project's, a cycle's, a module's, the views', the profile tabs') and the list layouts:
  // board, spreadsheet, calendar, timeline, flow
  "src/app/chunks/work-items.ts",
  /^src\/features\/work-items\/layouts\/[^/]+Layout\.tsx$/,
  // an item's page and its peek, the create modal (with the list screens' chunk), their rich-text editor (comments)
  "src/features/work-item-detail/chunk.ts",
  "src/components/editor/RichTextEditor.tsx",
  // the projects, modules and home screens; the cycles lists; the profile (its local data setting)
  "src/app/chunks/screens.ts",
  "src/app/chunks/cycles.ts",
  "src/app/chunks/settings.ts",
];

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`), as far as it is read here. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The files (paths from the site's root, `/assets/…`) of `screens` (manifest keys, or patterns of them) with their
 * static imports, styles and assets, in a stable order; `missing` names the screens the manifest has no entry for
 * (a renamed file: the list would silently lose a screen).
 */
export function offlineFiles(
  manifest: Record<string, ManifestChunk>,
  screens: readonly (string | RegExp)[] = OFFLINE_SCREENS,
): { files: string[]; missing: string[] } {
  const keys = Object.keys(manifest);
  const missing: string[] = [];
  const roots = screens.flatMap((s) => {
    const found = typeof s === "string" ? keys.filter((k) => k === s) : keys.filter((k) => s.test(k));
    if (!found.length) missing.push(String(s));
    return found;
  });
  const files = new Set<string>();
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const key = queue.pop()!;
    const entry = manifest[key];
    if (seen.has(key) || !entry) continue;
    seen.add(key);
    for (const f of [entry.file, ...(entry.css ?? []), ...(entry.assets ?? [])]) files.add(`/${f}`);
    queue.push(...(entry.imports ?? []));
  }
  return { files: [...files].sort(), missing };
}
