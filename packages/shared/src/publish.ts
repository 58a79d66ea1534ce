/** The layouts a published project may offer in the public space (DeployBoard `view_props`, wire-facts-2 §2). */
export const PUBLISH_LAYOUTS = ["list", "kanban", "calendar", "gantt", "spreadsheet"] as const;
export type PublishLayout = (typeof PUBLISH_LAYOUTS)[number];
export type PublishViewProps = Record<PublishLayout, boolean>;
