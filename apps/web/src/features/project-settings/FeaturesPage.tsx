import { ApiError, errorMessage } from "../../api/client.ts";
import type { Project } from "../../api/types.ts";
import { useUpdateProject } from "../../api/projects.ts";
import { Toggle, useToast } from "../../components/ui/index.ts";
import { useCurrentProject } from "../projects/ProjectLayout.tsx";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";

/** Project feature flags (work-tracking.md §3). */
const FEATURES: { key: keyof Project; label: string; description: string }[] = [
  { key: "cycle_view", label: "Cycles", description: "Time-boxed iterations for planning work." },
  { key: "module_view", label: "Modules", description: "Group work items into thematic modules." },
  { key: "issue_views_view", label: "Views", description: "Saved, filtered lists of work items." },
  { key: "page_view", label: "Pages", description: "Project documents." },
  { key: "intake_view", label: "Intake", description: "Receive requests from outside the team for triage." },
  { key: "is_time_tracking_enabled", label: "Time tracking", description: "Log time spent on work items." },
  { key: "is_epic_enabled", label: "Epics", description: "Large bodies of work broken into work items." },
  { key: "is_project_updates_enabled", label: "Project updates", description: "Post status updates for the project." },
  { key: "is_workflow_enabled", label: "Workflows", description: "Rules for moving work items between states." },
  { key: "is_issue_type_enabled", label: "Work item types", description: "Different types of work items with their own fields." },
  { key: "guest_view_all_features", label: "Guests see all work items", description: "When off, guests only see the work items they created." },
];

export function ProjectFeaturesSettings() {
  const { slug, projectId, project } = useCurrentProject();
  const update = useUpdateProject(slug, projectId);
  const toast = useToast();
  return (
    <ProjectSettingsGate page="features">
      <div className="max-w-2xl">
        <h2 className="text-lg font-semibold">Features</h2>
        <p className="mt-1 text-sm text-zinc-500">Turn project features on or off for everyone in the project.</p>
        <div className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800">
          {FEATURES.map((f) => (
            <Toggle
              key={f.key}
              label={f.label}
              description={f.description}
              checked={!!project[f.key]}
              disabled={update.isPending}
              onChange={(v) => update.mutate({ [f.key]: v }, {
                onSuccess: () => toast.show("success", `${f.label} turned ${v ? "on" : "off"}`),
                onError: (err) => toast.show("error", `Could not change ${f.label}`, err instanceof ApiError ? errorMessage(err.body) : err.message),
              })}
            />
          ))}
        </div>
      </div>
    </ProjectSettingsGate>
  );
}
