import { AppError, type ErrorKey, isErrorKey } from "@kunto/core";
import { isDatabaseUnavailable } from "@kunto/db";
import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import { ZodError } from "zod";

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
  METHOD_NOT_SUPPORTED: "not_found",
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

/** Field messages of a failed zod validation: { "email": "invalid_email" }. */
export function fieldErrorsOf(error: TRPCError): Record<string, string> | undefined {
  if (!(error.cause instanceof ZodError)) return undefined;
  const fields: Record<string, string> = {};
  for (const issue of error.cause.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  return fields;
}
