import { isErrorKey } from "@kunto/core";

const KEY_BY_STATUS: Record<number, string> = {
  400: "validation_failed",
  401: "not_signed_in",
  403: "access_denied",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "too_many_requests",
  503: "service_unavailable",
};

const CODE_BY_STATUS: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

/**
 * How long a caller of a 503 (the database is away) is asked to wait before trying again. The
 * server resumes within 10 s of the database being back (docs/decisions.md "When the database
 * goes away").
 */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Every REST error body has one shape, the one the OpenAPI document declares: `message` and
 * `error_key` (the same key), `code`, and `data` (with `fields` for a failed validation) when a
 * procedure answered. Errors the adapter raises itself (unknown path, bad JSON, wrong media type)
 * get their key here; the adapter's own extras (zod `issues`) are dropped, `data.fields` says it.
 */
export async function withErrorKey(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  const key = isErrorKey(body?.error_key)
    ? body.error_key
    : isErrorKey(body?.message)
      ? body.message
      : (KEY_BY_STATUS[response.status] ?? "internal_error");
  const code =
    typeof body?.code === "string" ? body.code : (CODE_BY_STATUS[response.status] ?? "INTERNAL_SERVER_ERROR");
  const data = body?.data && typeof body.data === "object" ? { data: body.data } : {};
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(JSON.stringify({ message: key, code, error_key: key, ...data }), {
    status: response.status,
    headers,
  });
}
