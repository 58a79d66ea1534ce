import { PowerOff } from "lucide-react";
import { EmptyState } from "../ui/index.ts";

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
