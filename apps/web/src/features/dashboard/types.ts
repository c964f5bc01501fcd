import type { AppRouter } from "@kunto/api";
import type { inferRouterOutputs } from "@trpc/server";

export type DashboardData = inferRouterOutputs<AppRouter>["dashboard"]["survey"];
export type DashboardSide = NonNullable<DashboardData["personnel"]>;
