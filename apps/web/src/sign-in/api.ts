import type { Language } from "@kunto/core";
/**
 * The sign-in page's calls: the app's tRPC procedures with plain fetch, one call per request (no
 * batching, no tRPC client). A procedure without a transformer takes its input as the JSON body
 * (`POST /trpc/auth.signIn`) and answers `{ result: { data } }`, or `{ error }` shaped by the
 * server's error formatter (packages/api/src/trpc.ts).
 */

export type SignInStatus = "SIGNED_IN" | "MFA_REQUIRED" | "NEW_PASSWORD_REQUIRED";

/** No answer from the server at all (offline, refused connection). */
export const NETWORK = "network";

/** A failed call: its error key and the keys of the fields it names (`{ code: "field_required" }`). */
export class CallError extends Error {
  constructor(
    readonly key: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(key);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The error of an answer's body: tRPC's `{ error: { error_key, data: { error_key, fields } } }`, or
 * the `{ error_key }` the server's guards answer before tRPC (CSRF, body size, outage). A body that
 * names no key (a proxy's page, nothing at all) is `internal_error`.
 */
export function errorOf(body: unknown): CallError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : body;
  const data = isRecord(error) && isRecord(error.data) ? error.data : {};
  const key = [data.error_key, isRecord(error) ? error.error_key : undefined].find(
    (value): value is string => typeof value === "string" && value !== "",
  );
  const fields: Record<string, string> = {};
  if (isRecord(data.fields))
    for (const [path, value] of Object.entries(data.fields))
      if (typeof value === "string") fields[path] = value;
  return new CallError(key ?? "internal_error", fields);
}

async function call<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/trpc/${path}`, { ...init, credentials: "same-origin", cache: "no-store" });
  } catch {
    throw new CallError(NETWORK);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isRecord(body) && isRecord(body.result)) return body.result.data as T;
  throw errorOf(body);
}

const mutate = <T>(path: string, input: unknown = {}) =>
  call<T>(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });

type Status = { status: SignInStatus };

export const api = {
  signIn: (username: string, password: string) => mutate<Status>("auth.signIn", { username, password }),
  verifyTotp: (code: string) => mutate<Status>("auth.verifyTotp", { code }),
  completeNewPassword: (newPassword: string) => mutate("auth.completeNewPassword", { newPassword }),
  forgotPassword: (username: string) => mutate("auth.forgotPassword", { username }),
  resetPassword: (input: { username: string; code: string; newPassword: string }) =>
    mutate("auth.resetPassword", input),
  resendConfirmation: (email: string) => mutate("auth.resendConfirmation", { email }),
  /** Drops a half-finished sign-in (a code or a new password still to give). */
  signOut: () => mutate("auth.signOut"),
  /**
   * "Try the demo": a private copy of the demo organisations, signed in (issue 6.6), written in
   * the page's language (issue 19.6).
   */
  startDemo: (language: Language) => mutate("demo.start", { language }),
  /** The signed-in user, or null (never a 401: a signed-out visitor's console stays clean). */
  session: () => call<unknown>("user.session", { method: "GET" }),
};
