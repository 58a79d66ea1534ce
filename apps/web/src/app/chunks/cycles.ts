/** Cycle screens (their chart library stays out of the other screens' chunk). */
export { CyclesPage } from "../../features/cycles/CyclesPage.tsx";
export { CycleLayout } from "../../features/cycles/CycleLayout.tsx";
export { ArchivedCyclesPage } from "../../features/cycles/ArchivedCyclesPage.tsx";
