import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import type { QueryClient } from "@tanstack/react-query";
import { Providers } from "./providers.tsx";
import type { createRouter } from "./router.tsx";

/** Mount the app (loaded by main.tsx after the router has started the first screen's requests). */
export function render(router: ReturnType<typeof createRouter>, client: QueryClient) {
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <Providers client={client}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
