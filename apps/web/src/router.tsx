import type { QueryClient } from "@tanstack/react-query";
import { createRouter } from "@tanstack/react-router";
import { ErrorPage, NotFoundPage, PendingPage } from "./components/status-pages";
import { hashDeepLink } from "./lib/redirect";
import { queryClient, type Trpc, trpc } from "./lib/trpc";
import { routeTree } from "./routeTree.gen";

export interface RouterContext {
  queryClient: QueryClient;
  trpc: Trpc;
}

// Deep links of the older hash form open the same screen at its path (document 2 §2); before
// the router reads the address.
const deepLink = hashDeepLink(location.pathname, location.hash);
if (deepLink) history.replaceState(null, "", deepLink);

export const router = createRouter({
  routeTree,
  context: { queryClient, trpc },
  scrollRestoration: true,
  defaultPendingComponent: PendingPage,
  defaultErrorComponent: ErrorPage,
  defaultNotFoundComponent: NotFoundPage,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
  interface StaticDataRouteOption {
    /** Hides the navigation menu (document 1 §2: the start and onboarding screens). */
    hideNav?: boolean;
  }
}
