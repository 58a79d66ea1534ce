import { sandboxRuntime } from "../sandbox/runtime.ts";
import { obj, str, ToolInputError, type RunSandbox, type Tool, type ToolContext } from "./tool-kit.ts";

/** The sandbox tools of a run (agents.md §3): a command, a file read or written, a folder listed, in its sandbox. */
export const SANDBOX_TOOLS: Record<string, Tool> = {
  run_command: {
    spec: {
      name: "run_command",
      description:
        "Run a shell command (sh -c) in the sandbox, in the repository checkout (/workspace). Returns exit code, stdout and stderr.",
      parameters: obj(
        {
          command: { type: "string" },
          cwd: { type: "string", description: "Folder relative to the checkout." },
          timeout_s: { type: "integer", minimum: 1, maximum: 3600 },
        },
        ["command"],
      ),
    },
    run: async (args, ctx) => {
      const sb = needSandbox(ctx);
      const timeout = typeof args.timeout_s === "number" ? Math.min(3600, Math.max(1, args.timeout_s)) : undefined;
      const r = await sandboxRuntime(ctx.app).exec(sb.id, str(args, "command")!, {
        network: sb.network,
        signal: ctx.signal,
        cwd: str(args, "cwd", false),
        limits: { ...sb.limits, ...(timeout ? { wallSeconds: timeout } : {}) },
      });
      const status = r.killed ? "killed" : r.timedOut ? "timed out" : `exit code ${r.exitCode ?? r.signal}`;
      const parts = [`$ ${args.command}`, `(${status}, ${r.durationMs} ms)`];
      if (r.stdout) parts.push(r.stdout.trimEnd());
      if (r.stderr) parts.push(`[stderr]\n${r.stderr.trimEnd()}`);
      return { content: parts.join("\n"), format: "code", isError: r.exitCode !== 0 };
    },
  },
  read_file: {
    spec: {
      name: "read_file",
      description: "Read a file of the checkout (path relative to it).",
      parameters: obj({ path: { type: "string" } }, ["path"]),
    },
    run: async (args, ctx) => ({
      content: await sandboxRuntime(ctx.app).readFile(needSandbox(ctx).id, str(args, "path")!, ctx.signal),
      format: "code",
    }),
  },
  write_file: {
    spec: {
      name: "write_file",
      description: "Write (create or replace) a file of the checkout with the given content.",
      parameters: obj({ path: { type: "string" }, content: { type: "string" } }, ["path", "content"]),
    },
    run: async (args, ctx) => {
      const content = typeof args.content === "string" ? args.content : "";
      await sandboxRuntime(ctx.app).writeFile(needSandbox(ctx).id, str(args, "path")!, content, ctx.signal);
      return { content: `Wrote ${args.path} (${Buffer.byteLength(content)} bytes).` };
    },
  },
  list_files: {
    spec: {
      name: "list_files",
      description: "List files and folders of the checkout (up to 4 levels below the folder).",
      parameters: obj({
        path: { type: "string", description: "Folder relative to the checkout (default: the root)." },
      }),
    },
    run: async (args, ctx) => ({
      content:
        (
          await sandboxRuntime(ctx.app).listFiles(needSandbox(ctx).id, str(args, "path", false) ?? ".", ctx.signal)
        ).join("\n") || "(empty)",
    }),
  },
};

function needSandbox(ctx: ToolContext): RunSandbox {
  if (!ctx.sandbox) throw new ToolInputError("This run has no sandbox.");
  return ctx.sandbox;
}
