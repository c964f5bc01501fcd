import { isErrorKey } from "@kunto/core";

const KEY_BY_STATUS: Record<number, string> = {
  400: "validation_failed",
  401: "not_signed_in",
  403: "access_denied",
  404: "not_found",
  405: "not_found",
  413: "payload_too_large",
  429: "too_many_requests",
};

/**
 * REST error bodies come from the same error formatter as tRPC and carry `error_key`; errors the
 * adapter raises itself (unknown path, bad JSON) get one here, so every error body has it.
 */
export async function withErrorKey(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  if (body && isErrorKey(body.error_key)) return response;
  const key =
    body && isErrorKey(body.message) ? body.message : (KEY_BY_STATUS[response.status] ?? "internal_error");
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(JSON.stringify({ message: key, code: body?.code ?? null, error_key: key }), {
    status: response.status,
    headers,
  });
}
