import { projectFeature } from "@stride/shared";
import { ComingSoon, EmptyState } from "../../components/ui/index.ts";
import { PageHeader } from "../../components/layout/PageHeader.tsx";
import type { Project } from "../../api/types.ts";
import { useCurrentProject } from "./ProjectLayout.tsx";

/**
 * A project feature screen. A feature Stride does not build yet says so, whatever its flag; a built
 * feature that is switched off says who can switch it on.
 */
export function ProjectFeaturePage({ feature, flag }: { feature: string; flag: keyof Project }) {
  const { project } = useCurrentProject();
  return (
    <>
      <PageHeader title={feature} />
      {projectFeature(String(flag)).coming || project[flag] ? (
        <ComingSoon feature={feature} />
      ) : (
        <EmptyState title={`${feature} is turned off`} description={`A project admin can turn on ${feature.toLowerCase()} in the project's feature settings.`} />
      )}
    </>
  );
}
