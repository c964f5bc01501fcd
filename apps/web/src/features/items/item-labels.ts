import type { AppRouter } from "@kunto/api";
import type { ItemType } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { inferRouterOutputs } from "@trpc/server";

export type Item = inferRouterOutputs<AppRouter>["item"]["list"][number];

/** A label per type of ITEM_TYPES (document 3 §3: the only type is testityyppi, "test type"). */
export const ITEM_TYPE_LABELS: Record<ItemType, MessageDescriptor> = {
  testityyppi: msg`Test type`,
};
