import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import "./index.css";
import { Providers } from "./app/providers.tsx";
import { createRouter } from "./app/router.tsx";
import { createQueryClient } from "./app/query-client.ts";

// one query client for the screens and the route loaders that prefetch into it
const queryClient = createQueryClient();
const router = createRouter(queryClient);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
