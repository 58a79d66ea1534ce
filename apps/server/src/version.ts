import rootPackage from "../../../package.json" with { type: "json" };

/**
 * Stride's version: the root package.json's `version`, the one place it is set (bundled into the server at build).
 * It is what `/api/instances/` answers as `current_version`, what god-mode shows, what `stride --version` prints and
 * what a backup records; CHANGELOG.md has a section for it (version.test.ts holds them together).
 */
export const STRIDE_VERSION: string = rootPackage.version;

/** Compare two versions `major.minor.patch[-pre]` by their numbers: negative, zero or positive. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split("-")[0]
      .split(".")
      .map((n) => Number(n) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  }
  return 0;
}
