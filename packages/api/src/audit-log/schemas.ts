import { ISO_DAY, isCalendarDay } from "@kunto/core";
import { z } from "zod";

/** Rows a page may hold, and the most a CSV export writes (newest first; the cap is stated). */
export const AUDIT_PAGE_MAX = 100;
export const AUDIT_EXPORT_MAX = 10_000;

/** A day of the filter (YYYY-MM-DD, Europe/Helsinki); an impossible one answers `dates_error`. */
const ZAuditDay = z
  .string({ error: "dates_error" })
  .regex(ISO_DAY, "dates_error")
  .refine(isCalendarDay, "dates_error");

const filterShape = {
  userId: z.uuid().optional().meta({ description: "Only what this person did (the actor's user id)." }),
  action: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: "Only this action, exactly (see the filters call).", examples: ["auth.sign_in"] }),
  from: ZAuditDay.optional().meta({
    description: "First day (YYYY-MM-DD), from 00:00 in Europe/Helsinki. Errors: `dates_error`.",
    examples: ["2026-11-01"],
  }),
  to: ZAuditDay.optional().meta({
    description:
      "Last day (YYYY-MM-DD), inclusive, until midnight in Europe/Helsinki. Errors: `dates_error`.",
    examples: ["2026-11-30"],
  }),
};
const tenantFilter = {
  tenantId: z.uuid().optional().meta({ description: "Only the rows of this organisation." }),
};
const pageShape = {
  limit: z
    .number()
    .int()
    .min(1)
    .max(AUDIT_PAGE_MAX)
    .default(50)
    .meta({ examples: [50] }),
  offset: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(0)
    .meta({ examples: [0] }),
  until: z.number().int().min(0).optional().meta({
    description:
      "The `until` of the first page: later pages leave out rows written since, so pages never shift.",
  }),
};

/** A first day after the last is no range (`dates_error` on `to`). */
const ordered = (input: { from?: string | undefined; to?: string | undefined }) =>
  !input.from || !input.to || input.from <= input.to;
const ORDER_RULE = { message: "dates_error", path: ["to"] };

export const ZAuditListInput = z.object({ ...filterShape, ...pageShape }).refine(ordered, ORDER_RULE);
export const ZAuditExportInput = z.object(filterShape).refine(ordered, ORDER_RULE);
export const ZAdminAuditListInput = z
  .object({ ...filterShape, ...tenantFilter, ...pageShape })
  .refine(ordered, ORDER_RULE);
export const ZAdminAuditExportInput = z
  .object({ ...filterShape, ...tenantFilter })
  .refine(ordered, ORDER_RULE);
export const ZAdminAuditFiltersInput = z.object(tenantFilter).optional();

export type TAuditFilters = z.infer<typeof ZAdminAuditExportInput>;
export type TAuditPage = { limit: number; offset: number; until?: number | undefined };

const ZAuditDetail = z.object({
  field: z.string().meta({ description: "The field's name as stored.", examples: ["role"] }),
  value: z
    .union([z.string(), z.number(), z.boolean(), z.array(z.string())])
    .meta({ description: "Text of at most 200 characters, a number, a yes/no or a list of texts." }),
});

export const ZAuditRow = z.object({
  id: z.number().int(),
  at: z.string().meta({ description: "When (ISO 8601)." }),
  actor: z.object({
    userId: z.string().nullable(),
    name: z.string().nullable().meta({ description: "The person's name, else e-mail or username." }),
    apiKeyName: z
      .string()
      .nullable()
      .meta({ description: "The API key's name when the call was made with a key." }),
    hidden: z
      .boolean()
      .meta({ description: "A person of an internal company domain, not shown to the caller." }),
  }),
  action: z.string().meta({
    description:
      "What was done, as a code: `tenant.role_added`, `apikey.created`, …; `admin.<procedure>` for a platform admin's change on the admin path, `api.<procedure>` for a change made with an API key.",
    examples: ["tenant.role_added"],
  }),
  targetType: z
    .string()
    .nullable()
    .meta({ examples: ["user"] }),
  targetId: z.string().nullable(),
  details: z.array(ZAuditDetail).meta({
    description:
      "What the row records, in the order the database keeps them (shorter field names first): its simple top-level values (text, number, yes/no, list of those). Ids, secrets, nested values and the API key's name are left out.",
    examples: [[{ field: "role", value: "tenant_readonly" }]],
  }),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
});
export type TAuditRow = z.infer<typeof ZAuditRow>;

export const ZAuditPage = z.object({
  total: z.number().int().meta({ description: "Rows matching the filters (up to `until`)." }),
  until: z.number().int().nullable().meta({ description: "Send it back with the next pages." }),
  rows: z.array(ZAuditRow),
});

export const ZAuditFilterOptions = z.object({
  people: z.array(z.object({ id: z.string(), name: z.string() })),
  actions: z.array(z.string()),
});

export const ZAuditExport = z.object({
  total: z.number().int(),
  rows: z.array(ZAuditRow).max(AUDIT_EXPORT_MAX),
});
