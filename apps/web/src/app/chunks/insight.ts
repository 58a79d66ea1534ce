/** Analytics and people's profiles (their chart library stays out of the other screens' chunk). */
export { AnalyticsPage } from "../../features/analytics/AnalyticsPage.tsx";
export { YourWork, PersonLayout, PersonSummary, PersonActivity } from "../../features/people/PersonPages.tsx";
