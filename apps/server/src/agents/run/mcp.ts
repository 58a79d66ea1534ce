import type { ChildProcess } from "node:child_process";
import type { ReadBuffer } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { AppContext } from "../../core/context.ts";
import { shQuote } from "../sandbox/bwrap.ts";
import { sandboxRuntime } from "../sandbox/runtime.ts";
import { guardedFetch, OutboundError } from "../../core/safe-fetch.ts";
import type { RunSandbox, Tool, ToolResult } from "./tool-kit.ts";

/**
 * The MCP client of a run (agents.md §3): the tools of the execution's MCP environment templates, a `local_mcp`
 * server started over stdio inside the run's sandbox, a `generic_mcp` server reached over streamable HTTP under the
 * outgoing-request guard (core/safe-fetch.ts, as webhooks: every request and redirect hop checked, DNS included).
 */

export const MCP_CONNECT_TIMEOUT_MS = 20_000;
export const MCP_CALL_TIMEOUT_MS = 300_000;

/** The MCP SDK's client side, loaded by the first run that connects to an MCP server (most servers never do). */
async function loadSdk() {
  const [client, http, stdio] = await Promise.all([
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/streamableHttp.js"),
    import("@modelcontextprotocol/sdk/shared/stdio.js"),
  ]);
  return {
    Client: client.Client,
    StreamableHTTPClientTransport: http.StreamableHTTPClientTransport,
    ReadBuffer: stdio.ReadBuffer,
    serializeMessage: stdio.serializeMessage,
  };
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>;
let sdkLoading: Promise<Sdk> | null = null;
const sdk = () =>
  (sdkLoading ??= loadSdk().catch((err: unknown) => {
    sdkLoading = null;
    throw err;
  }));

/** Stdio transport over a process of the sandbox (the SDK's own transport cannot start it as the sandbox user). */
class SandboxStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  private readonly buffer: ReadBuffer;
  private stderr = "";

  constructor(
    private readonly child: ChildProcess,
    private readonly stopChild: () => void,
    private readonly lib: Sdk,
  ) {
    this.buffer = new lib.ReadBuffer();
  }

  async start(): Promise<void> {
    this.child.stdout!.on("data", (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (;;) {
        let msg: JSONRPCMessage | null;
        try {
          msg = this.buffer.readMessage();
        } catch (e) {
          this.onerror?.(e as Error);
          continue;
        }
        if (!msg) break;
        this.onmessage?.(msg);
      }
    });
    this.child.stderr!.on("data", (d: Buffer) => {
      this.stderr = (this.stderr + d.toString()).slice(-2000);
    });
    this.child.stdin!.on("error", (e) => this.onerror?.(e));
    this.child.on("close", () => this.onclose?.());
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.child.stdin!.writable)
        return reject(new Error(`the MCP server has exited${this.stderr ? `: ${this.stderr.trim()}` : ""}`));
      this.child.stdin!.write(this.lib.serializeMessage(message), (e) => (e ? reject(e) : resolve()));
    });
  }

  async close(): Promise<void> {
    this.child.stdin?.end();
    this.stopChild();
  }

  lastStderr(): string {
    return this.stderr.trim();
  }
}

export interface McpTemplate {
  id: string;
  type: string;
  config: Record<string, unknown>;
}

export interface McpConnection {
  label: string;
  tools: Tool[];
  close: () => Promise<void>;
}

/** A tool name the providers accept (letters, digits, `_`, `-`; at most 64). */
export function mcpToolName(label: string, tool: string): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, "_");
  return `${clean(label).slice(0, 20)}__${clean(tool)}`.slice(0, 64);
}

function labelOf(t: McpTemplate, index: number): string {
  const c = t.config;
  if (typeof c.name === "string" && c.name) return c.name;
  if (t.type === "generic_mcp") {
    try {
      return new URL(String(c.url)).hostname.split(".")[0] || `mcp${index + 1}`;
    } catch {
      return `mcp${index + 1}`;
    }
  }
  // an interpreter (node, python3, npx …) is not a name: the script's is
  const words = [String(c.command ?? ""), ...((c.args as string[] | undefined) ?? [])].filter(
    (w) => w && !w.startsWith("-"),
  );
  const script =
    words.length > 1 && /^(node|nodejs|python3?|npx|uvx|deno|bun|sh|bash)$/.test(words[0].split("/").pop()!)
      ? words[1]
      : words[0];
  return (
    script
      ?.split("/")
      .pop()!
      .replace(/\.[a-z]+$/i, "") || `mcp${index + 1}`
  );
}

function resultText(r: { content?: unknown; structuredContent?: unknown; isError?: boolean }): ToolResult {
  const parts = Array.isArray(r.content) ? r.content : [];
  const text = parts
    .map((p: { type?: string; text?: string }) => (p.type === "text" ? (p.text ?? "") : `[${p.type} content]`))
    .join("\n");
  return {
    content: text || (r.structuredContent ? JSON.stringify(r.structuredContent, null, 2) : "(no output)"),
    isError: r.isError === true,
  };
}

/** The guard's refusal behind an error of the MCP client, if that is what it is. */
function refusal(e: unknown): OutboundError | null {
  for (let cur = e, i = 0; cur && i < 5; cur = (cur as { cause?: unknown }).cause, i++)
    if (cur instanceof OutboundError) return cur;
  return null;
}

/** Connect to one MCP server of the run and list its tools; throws with a message a person can act on. */
export async function connectMcp(
  app: AppContext,
  t: McpTemplate,
  index: number,
  sandbox: RunSandbox | null,
  signal: AbortSignal,
): Promise<McpConnection> {
  const label = labelOf(t, index);
  const lib = await sdk();
  const client = new lib.Client({ name: "stride-agent", version: "1.0.0" });
  let transport: Transport;
  let stdio: SandboxStdioTransport | null = null;
  if (t.type === "local_mcp") {
    if (!sandbox) throw new Error(`The MCP server "${label}" runs inside a sandbox, and this run has none.`);
    const rt = sandboxRuntime(app);
    const command = [String(t.config.command), ...((t.config.args as string[] | undefined) ?? [])]
      .map(shQuote)
      .join(" ");
    const child = await rt.spawn(sandbox.id, `exec ${command}`, {
      network: sandbox.network,
      env: (t.config.env as Record<string, string> | undefined) ?? {},
      limits: { ...sandbox.limits, wallSeconds: 86_400 },
    });
    stdio = new SandboxStdioTransport(child, () => rt.stop(child), lib);
    transport = stdio;
  } else {
    const headers = (t.config.headers as Record<string, string> | undefined) ?? {};
    transport = new lib.StreamableHTTPClientTransport(new URL(String(t.config.url)), {
      requestInit: { headers },
      fetch: guardedFetch({ allowPrivate: app.config.outboundAllowPrivate }),
    });
  }
  try {
    await client.connect(transport, { signal, timeout: MCP_CONNECT_TIMEOUT_MS });
    const listed = await client.listTools(undefined, { signal, timeout: MCP_CONNECT_TIMEOUT_MS });
    const tools: Tool[] = listed.tools.map((tool) => ({
      spec: {
        name: mcpToolName(label, tool.name),
        description: `[MCP ${label}] ${tool.description ?? tool.name}`.slice(0, 1024),
        parameters: (tool.inputSchema as Record<string, unknown>) ?? { type: "object", properties: {} },
      },
      run: async (args, ctx) =>
        resultText(
          (await client.callTool({ name: tool.name, arguments: args }, undefined, {
            signal: ctx.signal,
            timeout: MCP_CALL_TIMEOUT_MS,
          })) as never,
        ),
    }));
    return { label, tools, close: () => client.close().catch(() => {}) };
  } catch (e) {
    await client.close().catch(() => {});
    const detail = stdio?.lastStderr();
    const refused = refusal(e);
    if (refused)
      throw new Error(
        `The MCP server "${label}" may not be reached: ${refused.message}${refused.code === "address" ? " (OUTBOUND_ALLOW_PRIVATE=1 allows internal addresses)" : ""}.`,
      );
    throw new Error(
      `The MCP server "${label}" could not be reached: ${(e as Error).message}${detail ? ` (${detail})` : ""}`,
    );
  }
}
