import type { QueryClient } from "@tanstack/react-query";
import type { Me } from "./session";
import type { Trpc } from "./trpc";

/**
 * The signed-in user, or null when there is no session. Asks `user.session`, which answers null
 * instead of failing, so a signed-out page load logs no 401; a user found is kept as `user.me`,
 * the query every signed-in screen reads.
 */
export async function loadMe(queryClient: QueryClient, trpc: Trpc): Promise<Me | null> {
  const meKey = trpc.user.me.queryKey();
  if (queryClient.getQueryData(meKey)) return queryClient.ensureQueryData(trpc.user.me.queryOptions());
  const me = await queryClient.fetchQuery({ ...trpc.user.session.queryOptions(), staleTime: 0, gcTime: 0 });
  if (me) queryClient.setQueryData(meKey, me);
  return me;
}
