import { BRAND_COLOR_PATTERN } from "@kunto/core";
import { z } from "zod";
import { withPermission, withPlan } from "../trpc";
import * as branding from "./branding";

/**
 * The branded dashboard's settings (document 2 §6 "full branded dashboard", issue 19.17): read by
 * every member (the dashboard shows them), set by the organisation's admins on the TOTAL plan only
 * (403 `plan_required`, feature `brandedDashboard`). Part of `tenantRouter`.
 */
const ZBranding = z.object({
  available: z.boolean().meta({
    description:
      "Whether the plan includes the branded dashboard (TOTAL). When false, stored branding is kept but not shown: the dashboard shows neither colour nor logo, and the logo is not served.",
  }),
  color: z.string().nullable().meta({ description: "The brand colour as `#rrggbb`; null when none is set." }),
  logo: z
    .object({ key: z.string(), contentType: z.string(), fileName: z.string().nullable() })
    .nullable()
    .meta({ description: "The stored logo (its key changes with every upload); null when none." }),
});

const ZBrandColor = z
  .string()
  .trim()
  .regex(BRAND_COLOR_PATTERN, "invalid_color")
  .transform((color) => color.toLowerCase());

export const brandingProcedures = {
  branding: withPermission("tenant.read")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/branding",
        tags: ["tenant"],
        summary: "Branding of the dashboard",
        description: "The organisation's brand colour and logo, and whether its plan shows them.",
      },
    })
    .input(z.object({}).optional())
    .output(ZBranding)
    .query(({ ctx }) => branding.getBranding(ctx.tx, ctx.tenant)),
  setBranding: withPlan("tenant.update", "brandedDashboard")
    .meta({
      openapi: {
        method: "PUT",
        path: "/tenant/branding",
        tags: ["tenant"],
        summary: "Set the brand colour",
        description: "TOTAL plan. `color` is `#rrggbb` (else 400 `invalid_color`); null removes it.",
      },
    })
    .input(z.object({ color: ZBrandColor.nullable() }))
    .output(ZBranding)
    .mutation(({ ctx, input }) => branding.setBrandColor(ctx.tx, ctx.tenant, input.color)),
  uploadLogo: withPlan("tenant.update", "brandedDashboard")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/branding/logo",
        tags: ["tenant"],
        summary: "Set the logo",
        description:
          "TOTAL plan. Body: { data: base64 of a PNG, JPEG or WebP image up to 2 MB, fileName? } (else 400 `invalid_image`). Replaces the logo.",
      },
    })
    .input(z.object({ data: z.string().min(1).max(3_000_000), fileName: z.string().max(255).optional() }))
    .output(ZBranding)
    .mutation(({ ctx, input }) => branding.setLogo(ctx.tx, ctx.tenant, input.data, input.fileName)),
  removeLogo: withPermission("tenant.update")
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tenant/branding/logo",
        tags: ["tenant"],
        summary: "Remove the logo",
        description:
          "On every plan: a stored logo can always be deleted. Answers the same when there is none.",
      },
    })
    .input(z.object({}).optional())
    .output(ZBranding)
    .mutation(({ ctx }) => branding.removeLogo(ctx.tx, ctx.tenant)),
  brandingLogo: withPlan("tenant.read", "brandedDashboard")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/branding/logo",
        tags: ["tenant"],
        summary: "The logo image",
        description:
          "TOTAL plan, members of the organisation only. The image as base64 with its type; 404 when there is none or `key` names an earlier one.",
      },
    })
    .input(z.object({ key: z.string().max(100).optional() }).optional())
    .output(z.object({ key: z.string(), contentType: z.string(), data: z.string() }))
    .query(({ ctx, input }) => branding.getLogo(ctx.tx, ctx.tenant.id, input?.key)),
};
