import type { AppRouter } from "@kunto/api";
import { MAX_TRPC_BATCH } from "@kunto/core";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { createTRPCContext, createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { getErrorKey, isClientError } from "./api-error";
import { getTenantId } from "./tenant";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

let onSessionEnded: () => void = () => {};

/** Called when a request answers `not_signed_in` after sign-in (expired or revoked session). */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

function handleError(error: unknown): void {
  if (getErrorKey(error) === "not_signed_in") onSessionEnded();
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: handleError }),
  mutationCache: new MutationCache({ onError: handleError }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // 4xx answers (not signed in, access denied, not found) do not improve by retrying.
      retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
    },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: "/trpc",
      // The server refuses bigger batches (batch_too_large).
      maxItems: MAX_TRPC_BATCH,
      fetch: (url, options) => fetch(url, { ...options, credentials: "same-origin" }),
      headers: (): Record<string, string> => {
        const tenantId = getTenantId();
        return tenantId ? { "X-tenant-id": tenantId } : {};
      },
    }),
  ],
});

/** Query and mutation options outside React (router loaders and beforeLoad). */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
export type Trpc = typeof trpc;
