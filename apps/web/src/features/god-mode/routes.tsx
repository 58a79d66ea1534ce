import type { RouteObject } from "react-router";
import { PageSpinner } from "../../components/ui/index.ts";

export const godModeRoutes: RouteObject = { path: "/god-mode/*", element: <PageSpinner /> };
