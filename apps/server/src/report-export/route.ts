import { createCaller, errorKeyOf, retryAfterHeaders } from "@kunto/api";
import { contentDisposition, isLanguage, type Language } from "@kunto/core";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { Context as HonoContext } from "hono";
import { type ContextDeps, createRequestContext, withCookies } from "../context";
import { reportCsv } from "./csv";
import { reportPdf } from "./pdf";
import { exportModel } from "./tables";
import { reportXlsx } from "./xlsx";

export const EXPORT_FORMATS = {
  pdf: "application/pdf",
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
type Format = keyof typeof EXPORT_FORMATS;
const isFormat = (value: string): value is Format => Object.hasOwn(EXPORT_FORMATS, value);

const errorBody = (key: string, code: string) => ({ message: key, code, error_key: key });

/**
 * `GET /api/tenant/reports/export/{pdf|csv|xlsx}?surveys=…|shares=…&lang=…`: the report of the
 * selection as a download. The numbers come from the same procedures as the screen (which
 * authorize the caller: session cookie and X-tenant-id, permission report.read), so the files
 * withhold exactly what the screen withholds.
 */
export function reportExportHandler(deps: ContextDeps) {
  return async (c: HonoContext) => {
    const format = c.req.param("format") ?? "";
    if (!isFormat(format)) return c.json(errorBody("not_found", "NOT_FOUND"), 404);
    const surveys = c.req.query("surveys");
    const shares = c.req.query("shares");
    const langParam = c.req.query("lang") ?? "en";
    if ((surveys === undefined) === (shares === undefined) || !isLanguage(langParam))
      return c.json(errorBody("validation_failed", "BAD_REQUEST"), 400);
    const language: Language = langParam;
    const setCookies: string[] = [];
    const caller = createCaller(await createRequestContext(deps, c, setCookies));
    try {
      const report =
        surveys !== undefined
          ? await caller.report.bySurveys({ keys: surveys, lang: language })
          : await caller.report.byShares({ keys: shares ?? "", lang: language });
      const model = exportModel(report, language);
      const body =
        format === "pdf"
          ? await reportPdf(model)
          : format === "csv"
            ? reportCsv(model)
            : await reportXlsx(model);
      const day = new Date().toISOString().slice(0, 10);
      const response = new Response(new Uint8Array(body), {
        status: 200,
        headers: {
          "content-type": EXPORT_FORMATS[format],
          "content-disposition": contentDisposition("attachment", `${report.tenantName} ${day}.${format}`),
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
        },
      });
      return withCookies(response, setCookies);
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      const key = errorKeyOf(error);
      // A refusal past a limit carries Retry-After and the RateLimit headers, as on every REST path.
      return withCookies(
        c.json(
          errorBody(key, error.code),
          getHTTPStatusCodeFromError(error) as 400,
          retryAfterHeaders([error]),
        ),
        setCookies,
      );
    }
  };
}
