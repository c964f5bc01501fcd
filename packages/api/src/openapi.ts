import { sessionCookieName } from "@kunto/auth";
import { ERROR_KEYS, ERROR_STATUS, IMAGE_TYPES } from "@kunto/core";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import {
  API_KEY_SCHEME,
  API_KEY_SECURITY_SCHEME,
  API_KEY_TAG,
  API_KEY_TEXT,
  RATE_LIMIT_HEADERS,
  securityOf,
  tenantHeaderFor,
  withKeyStatuses,
} from "./api-keys/openapi";
import { AUDIT_TAG, auditExportPaths } from "./audit-log/openapi";
import { PROMOTION_PATH, stripeWebhookPaths } from "./billing/openapi";
import {
  addRotationHeaders,
  CONTRACT_TEXT,
  cookieHeaders,
  ERROR_COOKIE_HEADER,
  ERROR_DETAIL_PROPERTIES,
  SESSION_TAG,
  SIGN_IN_PATHS,
  successCookieHeader,
} from "./openapi-contract";
import { exampleOf } from "./openapi-examples";
import { appRouter } from "./root";
import type { AccessMeta } from "./trpc";
import { WEBHOOK_TAG, webhooksSection } from "./webhooks/openapi";

/**
 * The REST document as the API is (issue 6.13): trpc-to-openapi builds the paths and schemas from
 * the procedures; this adds what it cannot know. Who may call (the ladder's `access` meta) gives the
 * security, the X-tenant-id header and the error statuses; every error has the one body the server
 * sends (rest-errors.ts); operations get camelCase ids, descriptive tags and examples.
 */
type Json = Record<string, unknown>;
type Operation = Json & { responses: Record<string, Json>; parameters?: Json[]; requestBody?: Json };

const SECURITY_SCHEME = "sessionCookie";

/** Grouped by what a call acts on: first matching path prefix wins. */
const TAGS: Array<{ name: string; description: string; prefixes: string[] }> = [
  SESSION_TAG,
  {
    name: "Demo",
    description: "A private, temporary copy of the demo organisations for a visitor.",
    prefixes: ["/public/demo"],
  },
  {
    name: "Profile",
    description: "The signed-in person: information, picture, language and saved screen state.",
    prefixes: ["/public/image", "/user/image", "/user/set-language", "/shadow"],
  },
  {
    name: "Roles",
    description: "The role vocabularies of organisations and of the platform.",
    prefixes: ["/admin/tenant/roles", "/system/roles"],
  },
  {
    name: "Platform users",
    description: "Platform administration of every user.",
    prefixes: ["/admin/user", "/user/list-cloud"],
  },
  {
    name: "Platform organisations",
    description: "Platform administration of every organisation and its members.",
    prefixes: ["/admin/tenant"],
  },
  {
    name: "Organisation members",
    description: "Who belongs to the current organisation (X-tenant-id) and with which roles.",
    prefixes: ["/user/tenant-users", "/tenant/user", "/tenant/invitation"],
  },
  {
    name: "Invitations",
    description: "Invitations to organisations addressed to the signed-in person, and their answers.",
    prefixes: ["/user/invitation"],
  },
  {
    name: "Organisation settings",
    description: "Key/value settings of the current organisation.",
    prefixes: ["/tenant/value", "/tenant/values"],
  },
  {
    name: "E-mail subscriptions",
    description: "Which mails the signed-in person gets from the current organisation.",
    prefixes: ["/emailsubscription"],
  },
  {
    name: "Respondent page",
    description:
      "The public survey page behind a share's link: what it shows and its submissions. No sign-in, no cookie.",
    prefixes: ["/public/survey"],
  },
  {
    name: "Teams",
    description: "Groups of recipients in the current organisation that surveys are shared with.",
    prefixes: ["/tenant/team"],
  },
  {
    name: "Reports",
    description:
      "Results of a selection of surveys or shares: fitness index, categories, culture, input map, trends, heatmap, and their PDF, CSV and XLSX exports.",
    prefixes: ["/tenant/survey/reports", "/tenant/reports"],
  },
  {
    name: "Surveys",
    description: "The current organisation's surveys: schedule, status, answer counts per day.",
    prefixes: ["/tenant/survey"],
  },
  {
    name: "Survey shares",
    description: "A survey's public links per team and its invitations by e-mail.",
    prefixes: ["/tenant/surveyshare"],
  },
  {
    name: "Survey templates",
    description:
      "Platform administration of the survey templates new surveys are made from, and the categories their questions measure.",
    prefixes: ["/surveytemplate"],
  },
  {
    name: "Tasks",
    description:
      "The current organisation's improvement tasks, the suggested tasks it may create them from, and the category tree the board's columns follow.",
    prefixes: ["/tenant/task", "/tenant/category"],
  },
  {
    name: "Task voting",
    description: "Votes of staff on the current organisation's tasks.",
    prefixes: ["/tenant/taskvoting"],
  },
  {
    name: "Public task voting",
    description:
      "The public voting page behind /public/#/tasks/vote/{tenantId}: tasks, votes by a browser's random token. No sign-in, no cookie, no address stored.",
    prefixes: ["/shared/taskvoting"],
  },
  {
    name: "Categories and suggested tasks",
    description: "Platform administration of the category tree and of the suggested (static) tasks.",
    prefixes: ["/category", "/statictask"],
  },
  AUDIT_TAG,
  API_KEY_TAG,
  WEBHOOK_TAG,
  {
    name: "Message center",
    description: "Release notes and news for every signed-in person; platform admins write them (issue 22).",
    prefixes: ["/messagecenter"],
  },
  {
    name: "Translations",
    description:
      "The translations editor (issue 22): stored texts, and overrides of the interface's and the mails' texts. Platform admins save; tenant admins read.",
    prefixes: ["/translation"],
  },
  {
    name: "Billing",
    description:
      "Plans bought through Stripe: the plans' prices, promotion codes and tax, Checkout, changing or canceling the subscription, the customer portal and the payments card (issue 21). Stripe's events arrive at POST /api/shared/stripe/webhook.",
    prefixes: ["/shared/stripe", "/tenant/stripe", "/user/subscription"],
  },
  {
    name: "Organisations",
    description: "Creating an organisation and reading or changing the current one.",
    prefixes: ["/user/tenant", "/tenant"],
  },
];
const FALLBACK_TAG = { name: "Other", description: "Calls not yet sorted into a group." };
const PROFILE_EXACT = new Set(["/user"]);

const SURVEY_RESULTS = {
  name: "Survey results",
  description: "A survey's engine results from its stored aggregates.",
};
const isSurveyResult = (path: string) => /^\/tenant\/survey\/\{key\}\/calculat(e|ion)$/.test(path);

function tagOf(path: string): string {
  if (PROFILE_EXACT.has(path)) return "Profile";
  if (isSurveyResult(path)) return SURVEY_RESULTS.name;
  return (
    TAGS.find((tag) => tag.prefixes.some((p) => path === p || path.startsWith(`${p}/`)))?.name ??
    FALLBACK_TAG.name
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: "The input is invalid: `data.fields` names each field and its problem.",
  401: "Not signed in, or the session has ended; or the API key is malformed, unknown, expired or deleted (`api_key_invalid`).",
  403: "Not allowed: not a member of the organisation, missing permission or plan, or a cookie-carrying write from another origin (`csrf_rejected`).",
  404: "The path or the object it names does not exist (or is not visible to the caller).",
  409: "The object already exists, or its state refuses the call (a survey that has ended; billing without Stripe keys: `billing_not_configured`).",
  413: "The request body is larger than the server accepts.",
  415: "The request has a body that is not `application/json`.",
  429: "Too many attempts, or the server is busy hashing passwords: wait and try again.",
  500: "The server failed; the key names the operation that failed, never the cause.",
  503: "The server cannot take the call now (the database is briefly away: `service_unavailable`; the demo is full: `demo_capacity_reached`): try again after the `Retry-After` header's seconds.",
};

/** Keys a status can carry: the catalogue's keys of that status. */
const keysOf = (status: number) => ERROR_KEYS.filter((key) => ERROR_STATUS[key] === status);

function errorResponses(): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(STATUS_TEXT).map(([status, description]) => {
      const keys = keysOf(Number(status));
      const key = keys[0] ?? "internal_error";
      const example: Json = { message: key, code: CODE_OF[Number(status)], error_key: key };
      if (status === "400") {
        example.message = example.error_key = "validation_failed";
        example.data = { ...ERROR_DATA_EXAMPLE, fields: { email: "invalid_email" } };
      }
      return [
        `Error${status}`,
        {
          description,
          headers: {
            ...ERROR_COOKIE_HEADER,
            ...(status === "429" || status === "503" ? { "Retry-After": RETRY_AFTER_HEADER } : {}),
            ...(status === "429" ? RATE_LIMIT_HEADERS : {}),
          },
          content: {
            "application/json": {
              schema: {
                allOf: [
                  { $ref: "#/components/schemas/Error" },
                  { properties: { error_key: { enum: keys } } },
                ],
              },
              example,
            },
          },
        },
      ];
    }),
  );
}

const RETRY_AFTER_HEADER: Json = {
  description: "Seconds until the call can succeed again (a rate limit's window ends, a demo sandbox ends).",
  schema: { type: "integer", minimum: 1 },
};

const CODE_OF: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
};
const ERROR_DATA_EXAMPLE = {
  code: "BAD_REQUEST",
  httpStatus: 400,
  path: "user.update",
  error_key: "validation_failed",
};

const ERROR_SCHEMA: Json = {
  type: "object",
  description: "Every error answer. `message` repeats `error_key`, the key the client translates.",
  required: ["message", "code", "error_key"],
  additionalProperties: false,
  properties: {
    message: { type: "string", enum: ERROR_KEYS },
    code: { type: "string", description: "The tRPC error code." },
    error_key: { type: "string", enum: ERROR_KEYS },
    data: {
      type: "object",
      description:
        "Present when a procedure answered (not for refusals before one: unknown path, CSRF, size).",
      required: ["code", "httpStatus", "error_key"],
      additionalProperties: false,
      properties: {
        code: { type: "string" },
        httpStatus: { type: "integer" },
        path: { type: ["string", "null"], description: "The procedure that answered." },
        error_key: { type: "string", enum: ERROR_KEYS },
        fields: {
          type: "object",
          description:
            "The fields of a failed validation or of a service's refusal: field path → a field error key or an error key, both translated by the client.",
          additionalProperties: { type: "string" },
        },
        ...ERROR_DETAIL_PROPERTIES,
      },
    },
  },
};

const TENANT_HEADER: Json = {
  name: "X-tenant-id",
  in: "header",
  required: true,
  description: "The organisation the call acts on; the caller must be an active member of it.",
  schema: { type: "string", format: "uuid" },
  example: "3f2c8a4e-5b6d-4c1e-9f0a-7b8c9d0e1f2a",
};
/** X-tenant-id of a platform call an organisation's admin may also make (the translations' reads). */
const OPTIONAL_TENANT_HEADER: Json = {
  ...TENANT_HEADER,
  required: false,
  description:
    "Platform admins leave it out. Anyone else names an organisation they are an active admin of (400 `tenant_header_invalid` when no UUID, 403 `access_denied` otherwise).",
};
const ORIGIN_HEADER: Json = {
  name: "Origin",
  in: "header",
  required: false,
  description:
    "Required when the session cookie is sent: the application's own origin (APP_URL). A write that carries the cookie without it (or a Referer) or from another origin is refused with 403 `csrf_rejected`.",
  schema: { type: "string", format: "uri" },
  example: "https://kunto.example",
};

const ACCESS_TEXT: Record<NonNullable<AccessMeta["access"]>, string> = {
  public: "Open to anyone.",
  authed: "Needs a signed-in session.",
  tenant: "Needs a signed-in session and active membership of the organisation named by `X-tenant-id`.",
  admin: "Platform administrators only; every change is written to the audit log.",
};

const WRITES = new Set(["post", "put", "patch", "delete"]);
/**
 * Paths without an id that can still answer 404: the demo when the server has no demo data, a
 * share of a survey or team that is not there.
 */
const ANSWERS_404 = new Set([
  "/public/demo",
  "/tenant/surveyshare",
  // Tasks (issue 9): a survey, suggestion, team or person named in the body or query that is not
  // there; the public voting calls: an organisation or task that is not there.
  "/tenant/task",
  "/tenant/task/suggested",
  "/tenant/taskvoting",
  "/shared/taskvoting",
  "/shared/taskvoting/tasks",
  // Financials (issue 23): the D-U-N-S search that finds nothing (`duns_no_search_results`).
  "/tenant/dnbidentity",
]);
const WITH_BODY = new Set(["post", "put", "patch"]);

function statusesOf(access: AccessMeta["access"], method: string, path: string): number[] {
  const statuses = [400];
  if (access !== "public" || SIGN_IN_PATHS.has(path)) statuses.push(401);
  statuses.push(403);
  if (path.includes("{") || access === "admin" || method === "delete" || ANSWERS_404.has(path))
    statuses.push(404);
  // Answering an invitation that is no longer open is a conflict too (issue 6.7), and so is an
  // answer to a survey that is not running, full, or already answered from that browser; any
  // tenant or admin write may meet a state that refuses it (a share or survey with answers, issue
  // 17.2), and so may a vote on a task that is done (17.6).
  if (
    (WRITES.has(method) && (access === "admin" || access === "tenant")) ||
    (method !== "get" &&
      (path.startsWith("/user/invitation/") ||
        path.startsWith("/public/survey/") ||
        path.startsWith("/shared/taskvoting"))) ||
    // Billing (issue 21): no Stripe keys, a subscription already live, no customer yet.
    path.startsWith("/shared/stripe/") ||
    path.startsWith("/tenant/stripe/") ||
    // Financials (issue 23): no D&B credentials, no D-U-N-S number yet (the fetch is a GET).
    path.startsWith("/tenant/financial")
  )
    statuses.push(409);
  if (WITH_BODY.has(method)) statuses.push(413, 415);
  // The public promotion code lookup is counted per client address (issue 21).
  if (WRITES.has(method) || path === PROMOTION_PATH) statuses.push(429);
  // Every call answers 503 `service_unavailable` while the database is away (issue 17.3), and the
  // demo `demo_capacity_reached` when as many sandboxes live as the server holds (17.4).
  statuses.push(500, 503);
  return statuses;
}

const camel = (procedurePath: string) =>
  procedurePath.replace(/\.(\w)/g, (_m, letter: string) => letter.toUpperCase());

function describe(meta: AccessMeta & { openapi?: { description?: string } }): string {
  const parts = [meta.openapi?.description, ACCESS_TEXT[meta.access ?? "public"]];
  if (meta.permission) parts.push(`Permission: \`${meta.permission}\`.`);
  if (meta.feature) parts.push(`Plan feature: \`${meta.feature}\`.`);
  return parts.filter(Boolean).join(" ");
}

function addExample(content: Json | undefined) {
  const media = content?.["application/json"] as Json | undefined;
  if (media && !("example" in media)) {
    const example = exampleOf(media.schema as Json);
    if (example !== undefined) media.example = example;
  }
}

const IMAGE_OPERATION = {
  operationId: "publicImage",
  summary: "Profile picture",
  description:
    "The picture behind a user's `imageKey`. Public by its unguessable key, cached for a year (the key changes with the picture).",
  tags: ["Profile"],
  security: [],
  parameters: [
    {
      name: "key",
      in: "path",
      required: true,
      schema: { type: "string", pattern: "^[A-Za-z0-9_-]{1,100}$" },
      example: "k3q7x2mbd5vfhy4wz6ncj8rtp9sgl2ea7u3ioqxd",
    },
  ],
  responses: {
    "200": {
      description: "The image.",
      content: Object.fromEntries(
        IMAGE_TYPES.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]),
      ),
    },
    "404": { $ref: "#/components/responses/Error404" },
    "500": { $ref: "#/components/responses/Error500" },
    "503": { $ref: "#/components/responses/Error503" },
  },
};

/** The report downloads (apps/server report-export): binary answers served beside the REST adapter. */
export const REPORT_EXPORT_TYPES = {
  pdf: "application/pdf",
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;
const EXPORT_OPERATION: Operation = {
  operationId: "reportExport",
  summary: "Download a report as PDF, CSV or XLSX",
  description: [
    "The report of a selection as a file: `surveys` (comma-separated survey keys, every share of each) or `shares` (comma-separated share keys), exactly one of them. The PDF has the account's name and the selection on its cover and the charts as vector drawings; CSV (UTF-8) and XLSX carry the same numbers. Every file withholds what the screen withholds (the anonymity rules).",
    ACCESS_TEXT.tenant,
    "Permission: `report.read`.",
  ].join(" "),
  tags: ["Reports"],
  // The same procedures as the report calls: an API key reads them too.
  security: [{ [SECURITY_SCHEME]: [] }, { [API_KEY_SCHEME]: [] }],
  parameters: [
    {
      name: "format",
      in: "path",
      required: true,
      schema: { type: "string", enum: Object.keys(REPORT_EXPORT_TYPES) },
      example: "pdf",
    },
    {
      name: "surveys",
      in: "query",
      required: false,
      description: "Comma-separated survey keys (at most one per survey type).",
      schema: { type: "string" },
      example: "K7Q2M4XD9BFH,P3T8W6ZN2RCL",
    },
    {
      name: "shares",
      in: "query",
      required: false,
      description: "Comma-separated share keys (of at most one survey per type).",
      schema: { type: "string" },
    },
    {
      name: "lang",
      in: "query",
      required: false,
      description: "Language of the file's texts.",
      schema: { type: "string", enum: ["en", "fi", "ee", "ru", "pl"], default: "en" },
      example: "en",
    },
    TENANT_HEADER,
  ],
  responses: {
    "200": {
      description: "The file, as an attachment named after the account and the day.",
      content: Object.fromEntries(
        Object.values(REPORT_EXPORT_TYPES).map((type) => [
          type,
          { schema: { type: "string", contentMediaType: type } },
        ]),
      ),
    },
    ...Object.fromEntries(
      [400, 401, 403, 404, 429, 500, 503].map((status) => [
        String(status),
        { $ref: `#/components/responses/Error${status}` },
      ]),
    ),
  },
};

export function openApiDocument(baseUrl: string, options: { secureCookies?: boolean } = {}): OpenAPIObject {
  const cookie = sessionCookieName(options.secureCookies ?? false);
  const doc = generateOpenApiDocument(appRouter, {
    title: "Kunto API",
    description: [
      "REST access to Kunto: the same procedures the web client calls.",
      `Authenticate with the session cookie \`${cookie}\` that signing in sets.`,
      API_KEY_TEXT,
      "A write that carries the cookie must also send `Origin` (or `Referer`) equal to the application's origin.",
      "Calls on an organisation name it in the `X-tenant-id` header.",
      "Every error answers `{ message, code, error_key, data? }`: `error_key` is the stable key a client translates; a failed validation lists its fields in `data.fields`, and a refusal its details (`data.feature`, `data.limit`, `data.cap`, `data.id`, `data.invalid`, …: see the `Error` schema).",
      "Calls without a body need no `Content-Type`; a body must be `application/json`.",
      ...CONTRACT_TEXT(cookie),
    ].join("\n\n"),
    version: "1.0.0",
    baseUrl,
    securitySchemes: {
      [SECURITY_SCHEME]: {
        type: "apiKey",
        in: "cookie",
        name: cookie,
        description: "The session cookie set by signing in (HttpOnly, SameSite=Lax).",
      },
      [API_KEY_SCHEME]: API_KEY_SECURITY_SCHEME,
    },
  });
  const paths = doc.paths as unknown as Record<string, Record<string, Operation>>;

  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: AccessMeta & { openapi?: { path: string; method: string; description?: string } } } }
  >;
  const byOperationId = new Map(
    Object.entries(procedures).map(([name, p]) => [
      name.replace(/\./g, "-"),
      { name, meta: p._def.meta ?? {} },
    ]),
  );
  const usedTags = new Set<string>();

  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const procedure = byOperationId.get(String(operation.operationId));
      if (!procedure) continue;
      const { meta } = procedure;
      const tag = tagOf(path);
      usedTags.add(tag);
      operation.operationId = camel(procedure.name);
      operation.tags = [tag];
      operation.summary ??= procedure.name;
      operation.description = describe(meta);
      operation.security = securityOf(meta, SECURITY_SCHEME);
      operation.parameters = [
        ...(operation.parameters ?? []),
        ...(meta.access === "tenant" ? [tenantHeaderFor(meta, TENANT_HEADER)] : []),
        ...(meta.tenantHeader === "optional" ? [OPTIONAL_TENANT_HEADER] : []),
        ...(WRITES.has(method) ? [ORIGIN_HEADER] : []),
      ];
      for (const parameter of operation.parameters) {
        if (!("example" in parameter)) parameter.example = exampleOf(parameter.schema as Json);
      }
      addExample(operation.requestBody?.content as Json | undefined);
      const success = operation.responses["200"];
      if (success) {
        success.description = "Done.";
        addExample(success.content as Json | undefined);
        const cookie = successCookieHeader(procedure.name);
        if (cookie) success.headers = cookie;
      }
      operation.responses = {
        ...(success ? { "200": success } : {}),
        ...Object.fromEntries(
          withKeyStatuses(meta, statusesOf(meta.access, method, path)).map((status) => [
            String(status),
            { $ref: `#/components/responses/Error${status}` },
          ]),
        ),
      };
    }
  }

  paths["/public/image/{key}"] = { get: IMAGE_OPERATION as unknown as Operation };
  paths["/tenant/reports/export/{format}"] = { get: EXPORT_OPERATION };
  Object.assign(
    paths,
    auditExportPaths({
      security: [{ [SECURITY_SCHEME]: [] }],
      tenantHeader: TENANT_HEADER,
      tenantText: ACCESS_TEXT.tenant,
      adminText: ACCESS_TEXT.admin,
    }),
  );
  Object.assign(paths, stripeWebhookPaths(ORIGIN_HEADER));
  addRotationHeaders(paths, SECURITY_SCHEME);
  usedTags.add("Reports");
  usedTags.add("Profile");
  const components = (doc.components ?? {}) as Json;
  // The library's own error schemas describe a body the server never sends.
  const generated = Object.entries((components.schemas ?? {}) as Json).filter(
    ([name]) => !name.startsWith("error."),
  );
  components.schemas = { ...Object.fromEntries(generated), Error: ERROR_SCHEMA };
  components.responses = errorResponses();
  components.headers = {
    ...(components.headers as Json | undefined),
    ...cookieHeaders(options.secureCookies ?? false),
  };
  doc.components = components;
  (doc as { webhooks?: unknown }).webhooks = webhooksSection();
  doc.tags = [...TAGS, SURVEY_RESULTS, FALLBACK_TAG]
    .filter((tag) => usedTags.has(tag.name))
    .map(({ name, description }) => ({ name, description }));
  return doc;
}
