import { PowerOff } from "lucide-react";
import { EmptyState } from "../ui/index.ts";
import { PageHeader } from "../layout/PageHeader.tsx";

/** A project feature's screen while the project has the feature switched off: it says so (and asks the server nothing). */
export function FeatureOff({ feature, plural }: { feature: string; plural?: boolean }) {
  return (
    <EmptyState
      icon={PowerOff}
      title={`${feature} ${plural ? "are" : "is"} turned off`}
      description={`A project admin can turn on ${feature.toLowerCase()} in the project's settings, under Features.`}
    />
  );
}

/**
 * A project screen's page while its feature is off, in the older words of the intake, modules, views and pages
 * screens: the screen's header, then what is off and where an admin turns it on.
 */
export function FeatureOffPage({ title, feature, plural }: { title: string; feature: string; plural?: boolean }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        title={`${feature} ${plural ? "are" : "is"} turned off`}
        description={`A project admin can turn on ${feature.toLowerCase()} in the project's feature settings.`}
      />
    </>
  );
}
