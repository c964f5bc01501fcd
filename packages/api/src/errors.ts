import { AppError, type ErrorKey, FIELD_ERRORS, isErrorKey } from "@kunto/core";
import { isDatabaseUnavailable } from "@kunto/db";
import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ZodError, z } from "zod";

const CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  429: "TOO_MANY_REQUESTS",
  500: "INTERNAL_SERVER_ERROR",
  503: "SERVICE_UNAVAILABLE",
};

const KEY_BY_CODE: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorKey>> = {
  BAD_REQUEST: "validation_failed",
  PARSE_ERROR: "validation_failed",
  UNAUTHORIZED: "not_signed_in",
  FORBIDDEN: "access_denied",
  NOT_FOUND: "not_found",
  METHOD_NOT_SUPPORTED: "method_not_allowed",
  TOO_MANY_REQUESTS: "too_many_requests",
  PAYLOAD_TOO_LARGE: "payload_too_large",
  UNSUPPORTED_MEDIA_TYPE: "unsupported_media_type",
  SERVICE_UNAVAILABLE: "service_unavailable",
};

/** The message of every error we raise is its error key, so REST bodies carry it too. */
export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({
    code: CODE_BY_STATUS[error.status] ?? "INTERNAL_SERVER_ERROR",
    message: error.key,
    cause: error,
  });
}

/**
 * An unexpected failure caused by the database being away (stopped, restarting, unreachable):
 * 503 `service_unavailable`, which the caller may retry after Retry-After, instead of a 500 that
 * blames the operation (docs/decisions.md "When the database goes away"). Null for any other cause.
 */
export function unavailableError(cause: unknown): TRPCError | null {
  return isDatabaseUnavailable(cause) ? toTRPCError(new AppError("service_unavailable")) : null;
}

export const fail = (key: ErrorKey, details?: Record<string, unknown>): never => {
  throw new AppError(key, details);
};

export function errorKeyOf(error: TRPCError): ErrorKey {
  if (error.cause instanceof AppError) return error.cause.key;
  // A rule of a shared schema may name an error key of the catalogue instead of a field key
  // (e.g. password_required_for_shared_user): the answer carries that specific key.
  if (error.cause instanceof ZodError) {
    const specific = error.cause.issues.find((issue) => isErrorKey(issue.message));
    if (specific && isErrorKey(specific.message)) return specific.message;
  }
  if (isErrorKey(error.message)) return error.message;
  // tRPC's own refusal of a batch past maxBatchSize (the /trpc route's cap) names no key.
  if (error.code === "BAD_REQUEST" && /batch call exceeds/i.test(error.message)) return "batch_too_large";
  return KEY_BY_CODE[error.code] ?? "internal_error";
}

const ZFields = z.record(z.string(), z.string()).optional();
const isFieldKey = (value: string) =>
  (FIELD_ERRORS as readonly string[]).includes(value) || isErrorKey(value);

/**
 * The fields of a refusal, each with a key the client translates: a failed zod validation's
 * messages ({ "email": "invalid_email" }), or the `fields` a service names with its error, where a
 * word that is no key (`required`, `unknown`, `cycle`) reads as the error's own key (issue 20.3).
 */
export function fieldErrorsOf(error: TRPCError): Record<string, string> | undefined {
  if (error.cause instanceof ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of error.cause.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
    return fields;
  }
  const named = ZFields.safeParse(error.cause instanceof AppError ? error.cause.details?.fields : undefined);
  if (!named.success || !named.data) return undefined;
  const key = errorKeyOf(error);
  return Object.fromEntries(
    Object.entries(named.data).map(([field, problem]) => [field, isFieldKey(problem) ? problem : key]),
  );
}

/**
 * What a refusal tells beside its key (issue 20.3), sent in the error's `data` and described by
 * the OpenAPI document's Error schema from this one definition. Only these names leave the server,
 * each only with a value of its type: a detail a service adds later stays inside until it is
 * listed here. (`fields` is `fieldErrorsOf`; `retryAfter` is the Retry-After header.)
 */
const detail = <T extends z.ZodType>(schema: T, description: string) =>
  schema.optional().meta({ description });
const count = () => z.number().int().nonnegative();
export const ZErrorDetails = z.object({
  feature: detail(z.string(), "`plan_required`: the plan feature the call needs (e.g. `combinedAnalyses`)."),
  limit: detail(
    count(),
    "`plan_required`: the plan's number the call would pass (teams per share, suggested tasks); `webhook_limit_reached`: the most endpoints an organisation may have.",
  ),
  cap: detail(count(), "`max_recipients_reached`: the most recipients the plan allows."),
  id: detail(z.string(), "`task_already_created`: the id of the open task made from that suggestion."),
  invalid: detail(
    z.array(z.string()),
    "`invalid_email_addresses`: the entries that are no address (at most 20).",
  ),
  question: detail(
    z.union([z.string(), z.number().int()]),
    "`invalid_answer`: the question's key; `survey_template_category_invalid`: the question's index.",
  ),
  reason: detail(
    z.string(),
    "`invalid_answer`: `unknown_question`, `out_of_range`, `no_such_choice` or `no_answers`.",
  ),
  category: detail(z.string(), "`survey_template_category_invalid`: the engine name that names no category."),
  firstAnswerOn: detail(
    z.string(),
    "`survey_start_after_answers`: the day of the first answer (YYYY-MM-DD).",
  ),
  questions: detail(count(), "`category_in_use`: survey questions that name the category."),
  tasks: detail(count(), "`category_in_use`: tasks in the category."),
});
export type ErrorDetails = z.infer<typeof ZErrorDetails>;

/** The listed details of a service's refusal (see ZErrorDetails); empty for any other error. */
export function errorDetailsOf(error: TRPCError): ErrorDetails {
  const details = error.cause instanceof AppError ? error.cause.details : undefined;
  if (!details) return {};
  const sent: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(ZErrorDetails.shape)) {
    const parsed = schema.safeParse(details[name]);
    if (parsed.success && parsed.data !== undefined) sent[name] = parsed.data;
  }
  return sent as ErrorDetails;
}
