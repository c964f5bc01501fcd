import { AUDIT_EXPORT_MAX } from "./schemas";

/**
 * The audit log's CSV downloads (apps/server audit-export) in the REST document: text answers
 * served beside the REST adapter, like the report downloads.
 */
type Json = Record<string, unknown>;

export const AUDIT_TAG = {
  name: "Audit log",
  description:
    "Who did what and when: the security-relevant actions of an organisation (tenant admins) or of the whole platform (platform admins), and their CSV download.",
  prefixes: ["/tenant/audit", "/admin/audit"],
};

const day = (name: "from" | "to", description: string): Json => ({
  name,
  in: "query",
  required: false,
  description,
  schema: { type: "string", format: "date" },
  example: name === "from" ? "2026-11-01" : "2026-11-30",
});

const FILTERS: Json[] = [
  {
    name: "userId",
    in: "query",
    required: false,
    description: "Only what this person did.",
    schema: { type: "string", format: "uuid" },
    example: "3f2c8a4e-5b6d-4c1e-9f0a-7b8c9d0e1f2a",
  },
  {
    name: "action",
    in: "query",
    required: false,
    description: "Only this action, exactly.",
    schema: { type: "string", minLength: 1, maxLength: 100 },
    example: "auth.sign_in",
  },
  day("from", "First day (YYYY-MM-DD), from 00:00 in Europe/Helsinki."),
  day("to", "Last day (YYYY-MM-DD), inclusive."),
  {
    name: "lang",
    in: "query",
    required: false,
    description:
      "The language of the file's words (`action_text`, `detail`) and its spreadsheet convention: a comma between fields in English, a semicolon in the other languages.",
    schema: { type: "string", enum: ["en", "fi", "ee", "ru", "pl"], default: "en" },
    example: "en",
  },
];

const COLUMNS =
  "Columns: at (ISO 8601), actor_id, actor, api_key, action (the code), action_text (the action in words), target_type, target_id, detail (the details in words: labelled values, ids left out), organisation_id, organisation.";

/** The two operations, given the document's security, header and error responses. */
export function auditExportPaths(shared: {
  security: Json[];
  tenantHeader: Json;
  tenantText: string;
  adminText: string;
}): Record<string, { get: Json }> {
  const responses = (statuses: number[]) => ({
    "200": {
      description: `The rows as CSV (UTF-8 with a byte-order mark), newest first, at most ${AUDIT_EXPORT_MAX}: narrow the filters for older rows.`,
      content: { "text/csv": { schema: { type: "string" } } },
    },
    ...Object.fromEntries(
      statuses.map((status) => [String(status), { $ref: `#/components/responses/Error${status}` }]),
    ),
  });
  return {
    "/tenant/audit/csv": {
      get: {
        operationId: "auditCsv",
        summary: "Download the organisation's audit log as CSV",
        description: [
          "The filtered rows of `GET /tenant/audit` as a file.",
          COLUMNS,
          "Errors: `dates_error`.",
          shared.tenantText,
          "Permission: `tenant.users.read`.",
        ].join(" "),
        tags: [AUDIT_TAG.name],
        security: shared.security,
        parameters: [...FILTERS, shared.tenantHeader],
        responses: responses([400, 401, 403, 500, 503]),
      },
    },
    "/admin/audit/csv": {
      get: {
        operationId: "adminAuditCsv",
        summary: "Download the audit log of every organisation as CSV",
        description: [
          "The filtered rows of `GET /admin/audit` as a file.",
          COLUMNS,
          "Errors: `dates_error`.",
          shared.adminText,
        ].join(" "),
        tags: [AUDIT_TAG.name],
        security: shared.security,
        parameters: [
          ...FILTERS,
          {
            name: "tenantId",
            in: "query",
            required: false,
            description: "Only the rows of this organisation.",
            schema: { type: "string", format: "uuid" },
            example: "3f2c8a4e-5b6d-4c1e-9f0a-7b8c9d0e1f2a",
          },
        ],
        responses: responses([400, 401, 403, 500, 503]),
      },
    },
  };
}
