import type { QueryClient } from "@tanstack/react-query";
import { getErrorKey } from "./api-error";
import type { Me } from "./session";
import type { Trpc } from "./trpc";

/** The signed-in user, or null when there is no session (never throws for that case). */
export async function loadMe(queryClient: QueryClient, trpc: Trpc): Promise<Me | null> {
  try {
    return await queryClient.ensureQueryData(trpc.user.me.queryOptions());
  } catch (error) {
    if (getErrorKey(error) === "not_signed_in") return null;
    throw error;
  }
}
