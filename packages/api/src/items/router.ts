import { ITEM_TYPES, ZItemInput, ZItemPatch } from "@kunto/core";
import { z } from "zod";
import { router, withPermission } from "../trpc";
import * as items from "./items";

/**
 * Items (document 3 §7 "Items"; issue 22): tenant admins only (document 3 §6). The documented paths
 * end in a slash; the adapter matches them with or without it.
 */
const tags = ["item"];
const ZItem = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(ITEM_TYPES),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
});
const ZId = z.object({ id: z.uuid() });
const manage = () => withPermission("item.manage");

export const itemRouter = router({
  list: manage()
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/item",
        tags,
        summary: "The organisation's items (not deleted)",
      },
    })
    .input(z.object({}).optional())
    .output(z.array(ZItem))
    .query(({ ctx }) => items.listItems(ctx.tx, ctx.tenant.id)),
  // Before /tenant/item/{id}.
  byTypes: manage()
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/item/types",
        tags,
        summary: "Items of the given types",
        description: `Types: ${ITEM_TYPES.join(", ")}.`,
      },
    })
    .input(z.object({ types: z.array(z.enum(ITEM_TYPES)).min(1).max(ITEM_TYPES.length) }))
    .output(z.array(ZItem))
    // A read: a query over POST (the documented method), cached by the client as any list.
    .query(({ ctx, input }) => items.listItems(ctx.tx, ctx.tenant.id, input.types)),
  get: manage()
    .meta({ openapi: { method: "GET", path: "/tenant/item/{id}", tags, summary: "One item" } })
    .input(ZId)
    .output(ZItem)
    .query(({ ctx, input }) => items.getItem(ctx.tx, ctx.tenant.id, input.id)),
  create: manage()
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/item",
        tags,
        summary: "Create an item",
        description: "Name and type are required (`required_fields`).",
      },
    })
    .input(ZItemInput)
    .output(ZItem)
    .mutation(({ ctx, input }) => items.createItem(ctx.tx, ctx.tenant.id, input)),
  update: manage()
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/item/{id}",
        tags,
        summary: "Change an item, or delete it (`active: false`)",
        description:
          "Fields left out stay as they are. The type cannot change (`item_type_fixed`); `active: false` deletes the item softly: it is hidden from then on.",
      },
    })
    .input(ZItemPatch.extend(ZId.shape))
    .output(ZItem)
    .mutation(({ ctx, input: { id, ...patch } }) => items.updateItem(ctx.tx, ctx.tenant.id, id, patch)),
});
