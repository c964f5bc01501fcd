import { createCaller, errorKeyOf } from "@kunto/api";
import {
  type AuditVocabulary,
  auditActionText,
  auditDetailText,
  contentDisposition,
  isLanguage,
} from "@kunto/core";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { Context as HonoContext } from "hono";
import { auditVocabularyOf } from "./audit-labels";
import { type ContextDeps, createRequestContext, withCookies } from "./context";
import { csvFormatOf, csvOf } from "./report-export/csv";

/**
 * Stable column names: the file is read by people and by scripts alike (docs/decisions.md). Codes
 * (`action`, `target_type`) stay codes for scripts; `action_text` and `detail` are the screen's words
 * in the file's language.
 */
export const AUDIT_CSV_HEADER = [
  "at",
  "actor_id",
  "actor",
  "api_key",
  "action",
  "action_text",
  "target_type",
  "target_id",
  "detail",
  "organisation_id",
  "organisation",
];

const FILTER_PARAMS = ["userId", "action", "from", "to", "tenantId"] as const;
const errorBody = (key: string, code: string) => ({ message: key, code, error_key: key });

type Caller = ReturnType<typeof createCaller>;
type AdminFilters = Parameters<Caller["admin"]["audit"]["export"]>[0];
type ExportRows = Awaited<ReturnType<Caller["audit"]["export"]>>["rows"];

function csvRowsOf(rows: ExportRows, vocabulary: AuditVocabulary) {
  return rows.map((row) => [
    row.at,
    row.actor.userId,
    row.actor.name,
    row.actor.apiKeyName,
    row.action,
    auditActionText(vocabulary, row.action),
    row.targetType,
    row.targetId,
    auditDetailText(vocabulary, row.details),
    row.tenantId,
    row.tenantName,
  ]);
}

/**
 * `GET /api/tenant/audit/csv` (scope "tenant") and `GET /api/admin/audit/csv` ("admin"): the filtered
 * audit rows as a download, through the same procedures as the screen (which authorize the caller and
 * validate the filters), newest first and at most AUDIT_EXPORT_MAX rows. Cells are written by the
 * report CSV writer, which defuses formulas.
 */
export function auditExportHandler(deps: ContextDeps, scope: "tenant" | "admin") {
  return async (c: HonoContext) => {
    const lang = c.req.query("lang") ?? "en";
    if (!isLanguage(lang)) return c.json(errorBody("validation_failed", "BAD_REQUEST"), 400);
    const filters: Record<string, string> = {};
    // The procedures validate every filter (bad days answer dates_error).
    for (const name of FILTER_PARAMS) {
      const value = c.req.query(name);
      if (value !== undefined && value !== "" && (scope === "admin" || name !== "tenantId"))
        filters[name] = value;
    }
    const setCookies: string[] = [];
    const caller = createCaller(await createRequestContext(deps, c, setCookies));
    try {
      const result =
        scope === "admin"
          ? await caller.admin.audit.export(filters as AdminFilters)
          : await caller.audit.export(filters as AdminFilters);
      const body = csvOf(
        AUDIT_CSV_HEADER,
        csvRowsOf(result.rows, auditVocabularyOf(lang)),
        csvFormatOf(lang),
      );
      const day = new Date().toISOString().slice(0, 10);
      const response = new Response(new Uint8Array(body), {
        status: 200,
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": contentDisposition("attachment", `audit-log-${day}.csv`),
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
        },
      });
      return withCookies(response, setCookies);
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      const key = errorKeyOf(error);
      return withCookies(
        c.json(errorBody(key, error.code), getHTTPStatusCodeFromError(error) as 400),
        setCookies,
      );
    }
  };
}
