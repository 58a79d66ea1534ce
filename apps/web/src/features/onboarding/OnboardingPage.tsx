import { PageSpinner } from "../../components/ui/index.ts";

export function OnboardingPage() {
  return <div aria-busy="true" title="Onboarding"><PageSpinner /></div>;
}
