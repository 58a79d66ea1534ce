// Types of bin/launcher.mjs for the TypeScript that imports it (tests, bench).
export declare const ROOT: string;
export declare const SERVER_NODE_FLAGS: string[];
export declare const STAMP_FILE: string;
export type Part = "web" | "server";
export declare const PARTS: Record<
  Part,
  {
    inputs: string[];
    dist: string;
    output: string;
    command: (root: string) => { cmd: string; args: string[]; cwd: string };
  }
>;
export declare function sourceStamp(root: string, part: Part): string;
export declare function hasSources(root: string): boolean;
export declare function staleParts(root: string, parts: Part[]): Part[];
export declare function buildPart(root: string, part: Part): void;
export declare function ensureBuilt(
  root: string,
  parts: Part[],
  opts?: { build?: (root: string, part: Part) => void; log?: (m: string) => void },
): Part[];
export declare function version(root?: string): string;
export declare function main(args: string[], root?: string): Promise<number>;
