import type { UseFormReturn } from "react-hook-form";
import { Globe, Terminal } from "lucide-react";
import { type EnvironmentTemplate } from "@stride/shared/contract";
import {
  useDeleteEnvironmentTemplate,
  useEnvironmentTemplates,
  useSaveEnvironmentTemplate,
  type SaveTemplate,
} from "../../api/environments.ts";
import { Input, Select, Textarea } from "../../components/ui/index.ts";
import { SettingsList } from "../../components/settings/SettingsList.tsx";
import { useCan } from "../../lib/permissions.ts";
import { schemaCheck, useDialogForm } from "../../lib/settings-form.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";
import { InlineForm, issueAgentSwitch } from "./FormButtons.tsx";
import { presetNames, rekeyed } from "./environment-form.ts";

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

interface McpValues {
  type: McpType;
  url: string;
  headers: string;
  command: string;
  args: string;
  env: string;
  issueAgent: boolean;
}

/** The template's config from the form: a remote server's URL and headers, or a local one's command line. */
const configOf = (v: McpValues): Record<string, unknown> =>
  v.type === "generic_mcp"
    ? { url: v.url.trim(), ...(v.headers.trim() ? { headers: parsePairs(v.headers) } : {}) }
    : { command: v.command.trim(), args: splitArgs(v.args), ...(v.env.trim() ? { env: parsePairs(v.env) } : {}) };

/** Checked with the schema the server checks the config of the kind with. */
const mcpChecks = {
  generic_mcp: schemaCheck((c) => c.ENVIRONMENT_CONFIG_SCHEMAS.generic_mcp, configOf),
  local_mcp: schemaCheck((c) => c.ENVIRONMENT_CONFIG_SCHEMAS.local_mcp, configOf),
};
const checkMcp = (v: McpValues) => mcpChecks[v.type](v);

/** An MCP server's add or edit form: its kind, then a URL and headers or a command, arguments and environment. */
function McpForm({ template, onDone }: { template?: EnvironmentTemplate; onDone: () => void }) {
  const { slug, projectId } = useCurrentProject();
  const save = useSaveEnvironmentTemplate(slug, projectId);
  const c = template ? cfg(template) : {};
  const { form, error, formError, onSubmit } = useDialogForm<McpValues>(
    {
      type: (template?.type as McpType) ?? "generic_mcp",
      url: c.url ?? "",
      headers: pairs(c.headers),
      command: c.command ?? "",
      args: joinArgs(c.args),
      env: pairs(c.env),
      issueAgent: !template,
    },
    checkMcp,
    (e) => e.message,
  );
  const submit = onSubmit((v, onError) => {
    const body: SaveTemplate = {
      type: v.type,
      config: configOf(v),
      ...(template ? { environment_template_id: template.id } : {}),
      ...presetNames(v.issueAgent),
    };
    save.mutate(body, { onSuccess: onDone, onError: (err) => onError(rekeyed(err, (p) => p[1] ?? p[0])) });
  });
  return (
    <InlineForm
      label={template ? "Edit MCP server" : "Add MCP server"}
      onSubmit={(e) => void submit(e)}
      formError={formError}
      issueAgent={issueAgentSwitch(
        !!template,
        "Runs of the project's issue agent get this server's tools.",
        form.watch("issueAgent"),
        (on) => form.setValue("issueAgent", on),
      )}
      submitLabel={template ? "Save" : "Add MCP server"}
      pending={save.isPending}
      onCancel={onDone}
    >
      <Select label="Kind" disabled={!!template} {...form.register("type")}>
        <option value="generic_mcp">Remote server (streamable HTTP)</option>
        <option value="local_mcp">Local server (stdio, started in the sandbox)</option>
      </Select>
      <McpFields form={form} error={error} />
    </InlineForm>
  );
}

/** A remote server's URL and headers, or a local server's command, arguments and environment. */
function McpFields({ form, error }: { form: UseFormReturn<McpValues>; error: (k: string) => string | undefined }) {
  if (form.watch("type") === "generic_mcp")
    return (
      <>
        <Input
          label="URL"
          placeholder="https://mcp.example.com/mcp"
          error={error("url")}
          required
          {...form.register("url")}
        />
        <Textarea
          label="Headers"
          hint="One per line, Name=value (e.g. Authorization=Bearer …). Stored values are shown masked."
          rows={2}
          error={error("headers")}
          {...form.register("headers")}
        />
      </>
    );
  return (
    <>
      <Input label="Command" placeholder="npx" error={error("command")} required {...form.register("command")} />
      <Input
        label="Arguments"
        placeholder="-y @modelcontextprotocol/server-filesystem ."
        error={error("args")}
        {...form.register("args")}
      />
      <Textarea
        label="Environment"
        hint="One per line, NAME=value. Stored values are shown masked."
        rows={2}
        error={error("env")}
        {...form.register("env")}
      />
    </>
  );
}
