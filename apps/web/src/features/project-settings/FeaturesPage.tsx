import { PROJECT_FEATURES } from "@stride/shared";
import { ApiError, errorMessage } from "../../api/client.ts";
import { useUpdateProject } from "../../api/projects.ts";
import { Toggle, useToast } from "../../components/ui/index.ts";
import { useCurrentProject } from "../projects/current-project.ts";
import { ProjectSettingsGate } from "./ProjectSettingsLayout.tsx";

/**
 * Project feature flags (work-tracking.md §3). A feature Stride does not build yet is shown off and
 * cannot be switched, with the reason, rather than offered as if turning it on would do something.
 */
export function ProjectFeaturesSettings() {
  const { slug, projectId, project } = useCurrentProject();
  const update = useUpdateProject(slug, projectId);
  const toast = useToast();
  return (
    <ProjectSettingsGate page="features">
      <div className="max-w-2xl">
        <h2 className="text-lg font-semibold">Features</h2>
        <p className="mt-1 text-sm text-fg-subtle">Turn project features on or off for everyone in the project.</p>
        <div className="mt-4 divide-y divide-line">
          {PROJECT_FEATURES.map((f) => (
            <Toggle
              key={f.flag}
              label={f.label}
              description={f.description}
              checked={!!project[f.flag]}
              disabled={update.isPending}
              onChange={(v) =>
                update.mutate(
                  { [f.flag]: v },
                  {
                    onSuccess: () => toast.show("success", `${f.label} turned ${v ? "on" : "off"}`),
                    onError: (err) =>
                      toast.show(
                        "error",
                        `Could not change ${f.label}`,
                        err instanceof ApiError ? errorMessage(err.body) : err.message,
                      ),
                  },
                )
              }
            />
          ))}
        </div>
      </div>
    </ProjectSettingsGate>
  );
}
