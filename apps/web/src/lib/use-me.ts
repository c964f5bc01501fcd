import { useSuspenseQuery } from "@tanstack/react-query";
import { type CurrentTenant, type Me, tenantOf } from "./session";
import { useTRPC } from "./trpc";

/** The signed-in user, live from the cache (the `_authed` layout has loaded it). */
export function useMe(): Me {
  const trpc = useTRPC();
  return useSuspenseQuery(trpc.user.me.queryOptions()).data;
}

/** The account of a `/t/$tenantId` page with the user's roles and permissions in it. */
export function useCurrentTenant(tenantId: string): CurrentTenant | null {
  return tenantOf(useMe(), tenantId);
}
