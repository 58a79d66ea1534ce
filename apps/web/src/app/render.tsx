import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import type { QueryClient } from "@tanstack/react-query";
import { Providers } from "./providers.tsx";
import type { createRouter } from "./router.tsx";
import { initLocalDb } from "../api/local-db/client.ts";
import { showToast } from "../components/ui/toast-bus.ts";
import { registerServiceWorker } from "./service-worker.ts";

/** Mount the app (loaded by main.tsx after the router has started the first screen's requests). */
export function render(router: ReturnType<typeof createRouter>, client: QueryClient) {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <Providers client={client}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  // the offline local database starts once the first screen has painted (api/local-db/client.ts)
  initLocalDb(client, (n) => showToast(n.kind, n.title, n.message));
  // the app and what it last read kept for a reload without the server (public/sw.js)
  registerServiceWorker();
}
