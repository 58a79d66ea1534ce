import "./index.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { createQueryClient } from "./app/query-client.ts";
import { Providers } from "./app/providers.tsx";
import { SpaceNotFound, SpacePage, SpaceRedirect } from "./features/spaces/SpacePage.tsx";

/**
 * The public space (`/spaces/…`), its own entry of the build (spaces.html): a published project's board and list,
 * read-only for anyone; comments and reactions for signed-in people when the project allows them.
 */
const router = createBrowserRouter([
  { path: "/spaces/issues/:anchor", element: <SpacePage /> },
  // a published saved view (work-tracking §2: shared view links are /views/{id} of the space app)
  { path: "/spaces/views/:anchor", element: <SpacePage /> },
  { path: "/spaces/:slug/:projectId", element: <SpaceRedirect /> },
  { path: "*", element: <SpaceNotFound /> },
]);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
