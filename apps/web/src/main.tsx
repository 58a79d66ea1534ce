import "./index.css";
import { createQueryClient } from "./app/query-client.ts";
import { createRouter } from "./app/router.tsx";

// One query client for the screens and the route loaders that prefetch into it. Creating the router runs
// the loaders of the current URL, so the first screen's requests are on their way while React DOM and
// the screens load.
const queryClient = createQueryClient();
const router = createRouter(queryClient);

void import("./app/render.tsx").then((m) => m.render(router, queryClient));
