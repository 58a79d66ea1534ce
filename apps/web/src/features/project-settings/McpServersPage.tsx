import { useState, type FormEvent } from "react";
import { Globe, Terminal } from "lucide-react";
import type { EnvironmentTemplate } from "@stride/shared/contract";
import { ApiError, errorMessage, fieldErrors } from "../../api/client.ts";
import {
  useDeleteEnvironmentTemplate,
  useEnvironmentTemplates,
  useSaveEnvironmentTemplate,
  type SaveTemplate,
} from "../../api/environments.ts";
import { Banner, Button, Input, Select, Textarea, Toggle } from "../../components/ui/index.ts";
import { SettingsList } from "../../components/settings/SettingsList.tsx";
import { useCan } from "../../lib/permissions.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";

/**
 * MCP servers: the project's `generic_mcp` (a remote server over streamable HTTP) and `local_mcp` (a stdio server
 * started inside the sandbox) environment templates (agents.md §2). Their tools join the agent's.
 */
export function ProjectMcpServersSettings() {
  return (
    <ProjectSettingsGate page="mcp-servers">
      <McpServers />
    </ProjectSettingsGate>
  );
}

type McpType = "generic_mcp" | "local_mcp";
interface McpConfig {
  url?: string;
  headers?: Record<string, string>;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
}

const cfg = (t: EnvironmentTemplate) => t.config as McpConfig;
export const mcpLabel = (t: EnvironmentTemplate) =>
  t.type === "generic_mcp" ? (cfg(t).url ?? "") : [cfg(t).command, ...(cfg(t).args ?? [])].join(" ");

function McpServers() {
  const { slug, projectId } = useCurrentProject();
  const canEdit = useCan("create", "environmentTemplate");
  const templates = useEnvironmentTemplates(slug, projectId);
  const del = useDeleteEnvironmentTemplate(slug, projectId);
  return (
    <SettingsList
      title="MCP servers"
      description="Tools for agents: a remote MCP server (streamable HTTP) or a local one started inside the sandbox (stdio)."
      query={templates}
      loadError="Could not load the MCP servers."
      items={(templates.data ?? []).filter((t) => t.type === "generic_mcp" || t.type === "local_mcp")}
      listLabel="MCP servers"
      canEdit={canEdit}
      addLabel="Add MCP server"
      empty={{ title: "No MCP servers yet", description: "Add a server whose tools agents of this project may call." }}
      row={(t) => ({
        icon:
          t.type === "generic_mcp" ? (
            <Globe size={16} aria-hidden focusable="false" className="shrink-0 text-fg-faint" />
          ) : (
            <Terminal size={16} aria-hidden focusable="false" className="shrink-0 text-fg-faint" />
          ),
        title: <span className="font-mono text-sm">{mcpLabel(t)}</span>,
        detail: t.type === "generic_mcp" ? "Remote (HTTP)" : "Local (stdio, in the sandbox)",
      })}
      menuLabel={(t) => `Actions for MCP server ${mcpLabel(t)}`}
      form={(t, onDone) => <McpForm template={t} onDone={onDone} />}
      confirmDelete={{
        title: "Delete MCP server",
        message: (t) => `Delete the MCP server "${mcpLabel(t)}"? Agents stop getting its tools.`,
      }}
      onDelete={(t, settled) => del.mutate(t.id, { onSettled: settled })}
      deleting={del.isPending}
    />
  );
}

/** `KEY=value` lines ⇄ a map (masked secret values travel back as they came: the server keeps the stored ones). */
export function parsePairs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const i = line.indexOf("=");
    if (!line.trim()) continue;
    if (i < 0) out[line.trim()] = "";
    else out[line.slice(0, i).trim()] = line.slice(i + 1);
  }
  return out;
}
const pairs = (m: Record<string, string> | undefined) =>
  Object.entries(m ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join("\n");

/** Arguments as the shell would split them on spaces, with "double quotes" keeping spaces together. */
export function splitArgs(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);
}
const joinArgs = (args: string[] | undefined) => (args ?? []).map((a) => (/\s/.test(a) ? `"${a}"` : a)).join(" ");

function McpForm({ template, onDone }: { template?: EnvironmentTemplate; onDone: () => void }) {
  const { slug, projectId } = useCurrentProject();
  const save = useSaveEnvironmentTemplate(slug, projectId);
  const c = template ? cfg(template) : {};
  const [type, setType] = useState<McpType>((template?.type as McpType) ?? "generic_mcp");
  const [url, setUrl] = useState(c.url ?? "");
  const [headers, setHeaders] = useState(pairs(c.headers));
  const [command, setCommand] = useState(c.command ?? "");
  const [args, setArgs] = useState(joinArgs(c.args));
  const [env, setEnv] = useState(pairs(c.env));
  const [issueAgent, setIssueAgent] = useState(!template);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const config =
      type === "generic_mcp"
        ? { url: url.trim(), ...(headers.trim() ? { headers: parsePairs(headers) } : {}) }
        : { command: command.trim(), args: splitArgs(args), ...(env.trim() ? { env: parsePairs(env) } : {}) };
    const body: SaveTemplate = {
      type,
      config,
      ...(template ? { environment_template_id: template.id } : {}),
      ...(issueAgent ? { preset_names: ["issue_agent"] as "issue_agent"[] } : {}),
    };
    setErrors({});
    setFailure(null);
    save.mutate(body, {
      onSuccess: onDone,
      onError: (err) => {
        const fe: Record<string, string> = {};
        for (const [k, v] of Object.entries(fieldErrors(err))) fe[k.split(".")[1] ?? k] = v;
        setErrors(fe);
        if (!Object.keys(fe).length)
          setFailure(
            err instanceof ApiError ? (errorMessage(err.body) ?? "Could not save the MCP server.") : err.message,
          );
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-lg border border-line p-4"
      aria-label={template ? "Edit MCP server" : "Add MCP server"}
    >
      {failure && <Banner>{failure}</Banner>}
      <Select label="Kind" value={type} onChange={(e) => setType(e.target.value as McpType)} disabled={!!template}>
        <option value="generic_mcp">Remote server (streamable HTTP)</option>
        <option value="local_mcp">Local server (stdio, started in the sandbox)</option>
      </Select>
      {type === "generic_mcp" ? (
        <>
          <Input
            label="URL"
            placeholder="https://mcp.example.com/mcp"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            error={errors.url}
            required
          />
          <Textarea
            label="Headers"
            hint="One per line, Name=value (e.g. Authorization=Bearer …). Stored values are shown masked."
            rows={2}
            value={headers}
            onChange={(e) => setHeaders(e.target.value)}
            error={errors.headers}
          />
        </>
      ) : (
        <>
          <Input
            label="Command"
            placeholder="npx"
            value={command}
            onChange={(e) => setCommand(e.target.value)}
            error={errors.command}
            required
          />
          <Input
            label="Arguments"
            placeholder="-y @modelcontextprotocol/server-filesystem ."
            value={args}
            onChange={(e) => setArgs(e.target.value)}
            error={errors.args}
          />
          <Textarea
            label="Environment"
            hint="One per line, NAME=value. Stored values are shown masked."
            rows={2}
            value={env}
            onChange={(e) => setEnv(e.target.value)}
            error={errors.env}
          />
        </>
      )}
      {!template && (
        <Toggle
          label="Use for the issue agent"
          description="Runs of the project's issue agent get this server's tools."
          checked={issueAgent}
          onChange={setIssueAgent}
        />
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {template ? "Save" : "Add MCP server"}
        </Button>
      </div>
    </form>
  );
}
