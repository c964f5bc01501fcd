import { ZCategoryInput, ZStaticTaskInput } from "@kunto/core";
import { z } from "zod";
import { ok, ZOk } from "../dto";
import { ZCategory, ZId, ZStaticTask } from "../tasks/schemas";
import { adminProcedure, router } from "../trpc";
import * as categories from "./categories";
import * as statics from "./static-tasks";

/** Categories (document 3 §7 Categories): platform admins, on the audited path. */
const tags = ["categories"];
export const categoryRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/category", tags, summary: "All categories, sorted by order" } })
    .input(z.object({}).optional())
    .output(z.array(ZCategory))
    .query(({ ctx }) => categories.listCategories(ctx.tx)),
  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/category/{id}", tags, summary: "One category" } })
    .input(ZId)
    .output(ZCategory)
    .query(({ ctx, input }) => categories.getCategory(ctx.tx, input.id)),
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/category",
        tags,
        summary: "Create a category",
        description:
          "Texts first, then the category. `engineName` is required (`category_engine_name_required`) and unique (409 `category_engine_name_exists`); the parent must be of level 1 or 2 and not the category itself or below it (`category_parent_invalid`).",
      },
    })
    .input(ZCategoryInput)
    .output(ZCategory)
    .mutation(({ ctx, input }) => categories.createCategory(ctx.tx, input)),
  update: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/category/{id}",
        tags,
        summary: "Change a category",
        description:
          "Names and descriptions change in place for every account at once. The engine name of a category that survey questions or tasks use cannot change (409 `category_in_use`).",
      },
    })
    .input(ZCategoryInput.extend(ZId.shape))
    .output(ZCategory)
    .mutation(({ ctx, input: { id, ...body } }) => categories.updateCategory(ctx.tx, id, body)),
  delete: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/category/{id}",
        tags,
        summary: "Delete a category",
        description:
          "Refused (409 `category_in_use`) while it has subcategories, questions, suggested tasks or tasks.",
      },
    })
    .input(ZId)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await categories.deleteCategory(ctx.tx, input.id);
      return ok;
    }),
});

/** Static (suggested) tasks (document 3 §7 Static tasks): platform admins, on the audited path. */
const staticTags = ["static tasks"];
export const staticTaskRouter = router({
  list: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/statictask", tags: staticTags, summary: "All suggested tasks" },
    })
    .input(z.object({}).optional())
    .output(z.array(ZStaticTask))
    .query(({ ctx }) => statics.listStaticTasks(ctx.tx)),
  get: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/statictask/{id}", tags: staticTags, summary: "One suggested task" },
    })
    .input(ZId)
    .output(ZStaticTask)
    .query(({ ctx, input }) => statics.getStaticTask(ctx.tx, input.id)),
  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/statictask",
        tags: staticTags,
        summary: "Create a suggested task",
        description: "Type defaults to report, which needs a category (`static_task_category_required`).",
      },
    })
    .input(ZStaticTaskInput)
    .output(ZStaticTask)
    .mutation(({ ctx, input }) => statics.createStaticTask(ctx.tx, input)),
  update: adminProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/statictask/{id}",
        tags: staticTags,
        summary: "Change a suggested task",
      },
    })
    .input(ZStaticTaskInput.extend(ZId.shape))
    .output(ZStaticTask)
    .mutation(({ ctx, input: { id, ...body } }) => statics.updateStaticTask(ctx.tx, id, body)),
  delete: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/statictask/{id}",
        tags: staticTags,
        summary: "Delete a suggested task",
        description: "Tasks made from it stay; they keep their own texts.",
      },
    })
    .input(ZId)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await statics.deleteStaticTask(ctx.tx, input.id);
      return ok;
    }),
});
