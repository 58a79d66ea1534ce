import { Link } from "react-router";
import { Bot } from "lucide-react";
import { Button, useToast } from "../../components/ui/index.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";

/** The client configuration of Stride's MCP server, for clients that read `mcpServers` (Claude, Cursor, VS Code …). */
export function mcpClientConfig(origin: string): string {
  return JSON.stringify(
    {
      mcpServers: {
        stride: { type: "http", url: `${origin}/mcp`, headers: { Authorization: "Bearer <your API token>" } },
      },
    },
    null,
    2,
  );
}

/**
 * Settings → Integrations: the built-in MCP server (`/mcp`, streamable HTTP), which lets AI assistants work with
 * this workspace's projects and work items as the person whose API token they use.
 */
export function WorkspaceIntegrationsSettings() {
  const { slug } = useCurrentWorkspace();
  const toast = useToast();
  const config = mcpClientConfig(window.location.origin);
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h2 className="text-lg font-semibold">Integrations</h2>
        <p className="text-sm text-fg-subtle">Connect other tools to this workspace.</p>
      </div>
      <section className="space-y-3 rounded-lg border border-line p-4" aria-label="MCP server">
        <div className="flex items-start gap-3">
          <Bot className="mt-0.5 h-5 w-5 text-fg-subtle" aria-hidden />
          <div className="min-w-0 flex-1">
            <h3 className="font-medium">MCP server</h3>
            <p className="text-sm text-fg-muted">
              AI assistants that speak the Model Context Protocol can list, create and update work items, projects,
              states, labels, cycles, modules and comments, and search. They act as the owner of the API token they use,
              with that person&apos;s permissions. Create a token under{" "}
              <Link className="underline" to={`/${slug}/settings/api-tokens/`}>
                API tokens
              </Link>{" "}
              and put it in the configuration below.
            </p>
          </div>
        </div>
        <div className="text-sm">
          Endpoint: <code className="rounded bg-fill px-1">{`${window.location.origin}/mcp`}</code> (streamable HTTP;
          the token as <code>Authorization: Bearer</code> or <code>X-API-Key</code>)
        </div>
        <pre
          aria-label="MCP client configuration"
          className="overflow-x-auto rounded-md bg-inverse p-3 text-xs text-on-inverse"
        >
          {config}
        </pre>
        <div className="flex justify-end">
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(config).then(
                () => toast.show("success", "Configuration copied"),
                () => toast.show("error", "Could not copy", "Select the configuration and copy it yourself."),
              );
            }}
          >
            Copy configuration
          </Button>
        </div>
      </section>
    </div>
  );
}
