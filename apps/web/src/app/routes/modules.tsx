import type { RouteObject } from "react-router";
import { fromChunk, screensChunk, workItemsChunk } from "../../app/chunks/index.ts";
import { revalidateOn, type Loaders } from "../../app/loaders.ts";

/**
 * Module screens, children of `/:workspaceSlug/projects/:projectId/` (inside ProjectLayout): the modules page,
 * a module's work items (the work-item list screen in the module context) and the archived modules. Their
 * loaders start the screen's requests at navigation (app/loaders.ts).
 */
const LIST = revalidateOn(["workspaceSlug", "projectId"]);
const MODULE = revalidateOn(["workspaceSlug", "projectId", "moduleId"], ["peekId"]);

export const moduleRoutes = (L: Loaders): RouteObject[] => [
  {
    path: "modules",
    lazy: fromChunk(screensChunk, (m) => <m.ModulesPage />),
    loader: L.modules(false),
    shouldRevalidate: LIST,
    handle: { title: "Modules" },
  },
  {
    path: "modules/:moduleId",
    lazy: fromChunk(workItemsChunk, (m) => <m.ModuleWorkItemsPage />),
    loader: L.moduleItems(false),
    shouldRevalidate: MODULE,
    handle: { title: "Module" },
  },
  {
    path: "archives/modules",
    lazy: fromChunk(screensChunk, (m) => <m.ArchivedModulesPage />),
    loader: L.modules(true),
    shouldRevalidate: LIST,
    handle: { title: "Archived modules" },
  },
  {
    path: "archives/modules/:moduleId",
    lazy: fromChunk(workItemsChunk, (m) => <m.ModuleWorkItemsPage archived />),
    loader: L.moduleItems(true),
    shouldRevalidate: MODULE,
    handle: { title: "Archived module" },
  },
];
