import { ComingSoon, EmptyState } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import type { Project } from "../../api/types.ts";
import { useCurrentProject } from "./ProjectLayout.tsx";

/** A project feature screen built in a later release; a disabled feature says how to enable it. */
export function ProjectFeaturePage({ feature, flag }: { feature: string; flag: keyof Project }) {
  const { project } = useCurrentProject();
  return (
    <>
      <PageHeader title={feature} />
      {project[flag] ? (
        <ComingSoon feature={feature} />
      ) : (
        <EmptyState title={`${feature} is turned off`} description={`A project admin can turn on ${feature.toLowerCase()} in the project's feature settings.`} />
      )}
    </>
  );
}
