import type { Plugin } from "esbuild";
export function bundleSharedPlugin(root: string): Plugin;
