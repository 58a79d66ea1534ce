import { useState, type FormEvent } from "react";
import { Download, FileDown } from "lucide-react";
import { EXPORT_PROVIDERS, type ExportProvider } from "@stride/shared";
import type { ExportHistoryItem } from "@stride/shared/contract";
import { useExports, useStartExport } from "../../api/exports.ts";
import { useProjects } from "../../api/projects.ts";
import { Button, EmptyState, PageSpinner, Select } from "../../components/ui/index.ts";
import { useDateTimeFormat } from "../../lib/datetime.ts";
import { useCurrentWorkspace } from "../workspace/current-workspace.ts";

const FORMAT_LABELS: Record<ExportProvider, string> = { csv: "CSV", xlsx: "Excel (XLSX)", json: "JSON" };
const STATUS_LABELS: Record<ExportHistoryItem["status"], string> = {
  queued: "Queued",
  processing: "Exporting",
  completed: "Ready",
  failed: "Failed",
};

/**
 * Settings → Exports (wire-facts-2 §5): export the work items of some or all projects as CSV, XLSX or JSON (a zip,
 * one file per project when several are chosen). Exports run in the background; the history shows each one's
 * progress and, once ready, its download link (valid for 7 days).
 */
export function WorkspaceExportsSettings() {
  const { slug } = useCurrentWorkspace();
  const history = useExports(slug);
  const projects = useProjects(slug);
  const start = useStartExport(slug);
  const fmt = useDateTimeFormat();
  const [provider, setProvider] = useState<ExportProvider>("csv");
  const [chosen, setChosen] = useState<string[]>([]);
  if (history.isLoading) return <PageSpinner />;
  const list = history.data?.results ?? [];
  const projectList = (projects.data ?? []).filter((p) => !("archived_at" in p && p.archived_at));
  const names = new Map(projectList.map((p) => [p.id, p.name]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    start.mutate({ provider, project: chosen, multiple: chosen.length > 1 });
  };
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));

  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h2 className="text-lg font-semibold">Exports</h2>
        <p className="text-sm text-fg-subtle">
          Take your work items out of Stride with every field, comments, links and relations included.
        </p>
      </div>
      <form className="space-y-4 rounded-lg border border-line p-4" onSubmit={submit} aria-label="New export">
        <Select label="Format" value={provider} onChange={(e) => setProvider(e.target.value as ExportProvider)}>
          {EXPORT_PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {FORMAT_LABELS[p]}
            </option>
          ))}
        </Select>
        <fieldset>
          <legend className="mb-1 text-sm font-medium">Projects</legend>
          <p className="mb-2 text-xs text-fg-subtle">
            None chosen exports every project you are a member of. Several chosen give one file per project.
          </p>
          <div className="flex max-h-48 flex-col gap-1 overflow-y-auto">
            {projectList.map((p) => (
              <label key={p.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={chosen.includes(p.id)} onChange={() => toggle(p.id)} />
                <span className="truncate">{p.name}</span>
                <span className="text-xs text-fg-subtle">{p.identifier}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" loading={start.isPending}>
            <FileDown className="h-4 w-4" aria-hidden /> Export
          </Button>
        </div>
      </form>

      <section aria-label="Previous exports" className="space-y-2">
        <h3 className="font-medium">Previous exports</h3>
        {list.length === 0 ? (
          <EmptyState
            icon={Download}
            title="No exports yet"
            description="Exports you start appear here with their download links."
          />
        ) : (
          <ul className="divide-y divide-line rounded-lg border border-line">
            {list.map((e) => (
              <ExportRow key={e.id} item={e} projectNames={names} when={fmt.dateTime(e.created_at)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ExportRow({
  item,
  projectNames,
  when,
}: {
  item: ExportHistoryItem;
  projectNames: Map<string, string>;
  when: string;
}) {
  const running = item.status === "queued" || item.status === "processing";
  const percent =
    item.total_count > 0
      ? Math.min(100, Math.round((item.done_count / item.total_count) * 100))
      : item.status === "completed"
        ? 100
        : 0;
  const scope =
    item.project.length === 0
      ? "All projects"
      : item.project.map((id) => projectNames.get(id) ?? "A project").join(", ");
  const who = item.initiated_by_detail?.display_name || "Someone";
  return (
    <li className="space-y-2 px-4 py-3" data-export={item.id} data-status={item.status}>
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2 font-medium">
            <span>{FORMAT_LABELS[item.provider] ?? item.provider}</span>
            <span className="truncate text-sm font-normal text-fg-muted">{scope}</span>
          </div>
          <div className="text-xs text-fg-subtle">
            {when} · by {who} · <span>{STATUS_LABELS[item.status]}</span>
            {item.status === "completed" && ` · ${item.done_count} work items`}
          </div>
          {item.error && <div className="text-xs text-red-600">{item.error}</div>}
        </div>
        {item.url && (
          <a
            className="inline-flex items-center gap-1 rounded-md border border-line-strong px-2 py-1 text-sm hover:bg-fill-subtle"
            href={item.url}
            download
          >
            <Download className="h-4 w-4" aria-hidden /> Download
          </a>
        )}
      </div>
      {running && (
        <div
          role="progressbar"
          aria-label={`Export progress ${FORMAT_LABELS[item.provider] ?? item.provider}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 w-full overflow-hidden rounded bg-fill-selected"
        >
          <div className="h-full bg-blue-600 transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
    </li>
  );
}
