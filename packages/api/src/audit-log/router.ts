import { z } from "zod";
import { adminProcedure, router, withPermission } from "../trpc";
import { type AuditViewer, auditFilterOptions, exportAudit, listAudit } from "./audit-log";
import {
  ZAdminAuditExportInput,
  ZAdminAuditFiltersInput,
  ZAdminAuditListInput,
  ZAuditExport,
  ZAuditExportInput,
  ZAuditFilterOptions,
  ZAuditListInput,
  ZAuditPage,
} from "./schemas";

/**
 * Who did what and when (issue 20.5). Tenant admins read their organisation's log with the permission
 * that shows them its people (`tenant.users.read`); platform admins read every organisation's on the
 * admin path. The CSV downloads (apps/server audit-export) call the `export` procedures.
 */
export const AUDIT_PERMISSION = "tenant.users.read" as const;

const LIST_TEXT =
  "Newest first. Filters: person (`userId`), exact `action`, days `from`/`to` (inclusive, Europe/Helsinki). Pages of `limit` (at most 100) from `offset`; send the first page's `until` with the next ones.";

type Ctx = { user: { email: string | null }; config: AuditViewer["config"] };
const viewerOf = (ctx: Ctx, tenantId: string | null): AuditViewer => ({
  tenantId,
  email: ctx.user.email,
  config: ctx.config,
});

export const auditRouter = router({
  list: withPermission(AUDIT_PERMISSION)
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/audit",
        tags: ["tenant"],
        summary: "Audit log of the organisation",
        description: LIST_TEXT,
      },
    })
    .input(ZAuditListInput)
    .output(ZAuditPage)
    .query(({ ctx, input: { limit, offset, until, ...filters } }) =>
      listAudit(ctx.tx, viewerOf(ctx, ctx.tenant.id), filters, { limit, offset, until }),
    ),
  filters: withPermission(AUDIT_PERMISSION)
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/audit/filters",
        tags: ["tenant"],
        summary: "People and actions in the organisation's audit log",
      },
    })
    .input(z.object({}).optional())
    .output(ZAuditFilterOptions)
    .query(({ ctx }) => auditFilterOptions(ctx.tx, viewerOf(ctx, ctx.tenant.id))),
  /** The CSV download's rows (GET /api/tenant/audit/csv). */
  export: withPermission(AUDIT_PERMISSION)
    .input(ZAuditExportInput)
    .output(ZAuditExport)
    .query(({ ctx, input }) => exportAudit(ctx.tx, viewerOf(ctx, ctx.tenant.id), input)),
});

export const adminAuditRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/audit",
        tags: ["admin"],
        summary: "Audit log of every organisation",
        description: `${LIST_TEXT} \`tenantId\` narrows to one organisation; without it rows of no organisation (sign-ins, platform actions) are included.`,
      },
    })
    .input(ZAdminAuditListInput)
    .output(ZAuditPage)
    .query(({ ctx, input: { limit, offset, until, ...filters } }) =>
      listAudit(ctx.tx, viewerOf(ctx, null), filters, { limit, offset, until }),
    ),
  filters: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/audit/filters",
        tags: ["admin"],
        summary: "People and actions in the audit log",
      },
    })
    .input(ZAdminAuditFiltersInput)
    .output(ZAuditFilterOptions)
    .query(({ ctx, input }) => auditFilterOptions(ctx.tx, viewerOf(ctx, null), input?.tenantId)),
  /** The CSV download's rows (GET /api/admin/audit/csv). */
  export: adminProcedure
    .input(ZAdminAuditExportInput)
    .output(ZAuditExport)
    .query(({ ctx, input }) => exportAudit(ctx.tx, viewerOf(ctx, null), input)),
});
