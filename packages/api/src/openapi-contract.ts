import { deviceCookieName, sessionCookieName } from "@kunto/auth";
import { z } from "zod";
import { ZErrorDetails } from "./errors";

/**
 * What a generated client needs to trust the REST document (issue 20.3), beside what openapi.ts
 * derives from the procedures: the sign-in steps as operations, the cookies each answer may set,
 * and the details an error carries.
 */
type Json = Record<string, unknown>;

export const SESSION_TAG = {
  name: "Session",
  description:
    "Password sign-in for cookie clients (with its TOTP and new-password steps), the password reset, the confirmation mail, and signing out. The session is the cookie these answers set: send it back on every other call.",
  prefixes: ["/public/signin", "/public/password", "/public/confirmation", "/public/logout"],
};

/** The sign-in steps: wrong credentials, or no pending sign-in for the step, answer 401. */
export const SIGN_IN_PATHS = new Set([
  "/public/signin",
  "/public/signin/totp",
  "/public/signin/new-password",
]);

/** Procedures whose answer sets or clears a cookie, and how (components.headers below). */
const COOKIE_OF: Record<string, string> = {
  "auth.signIn": "SessionCookieSet",
  "auth.verifyTotp": "SessionCookieSet",
  "auth.completeNewPassword": "DeviceCookieSet",
  "auth.signOut": "SessionCookieCleared",
};

/** The `Set-Cookie` of a sign-in step's success (its own cookies). */
export function successCookieHeader(procedure: string): Json | undefined {
  const header = COOKIE_OF[procedure];
  return header ? { "Set-Cookie": { $ref: `#/components/headers/${header}` } } : undefined;
}

/**
 * Every operation a session may call (its security names the session scheme), the ones served
 * beside the adapter included, may answer the session's rotated token: a session marked for
 * rotation gets its new token on its next call. Added where a success declares no cookie yet.
 */
export function addRotationHeaders(paths: Record<string, Record<string, Json>>, scheme: string) {
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      if (!JSON.stringify(operation.security ?? []).includes(`"${scheme}"`)) continue;
      const success = (operation.responses as Record<string, Json> | undefined)?.["200"];
      if (!success || (success.headers as Json | undefined)?.["Set-Cookie"]) continue;
      success.headers = {
        ...(success.headers as Json | undefined),
        "Set-Cookie": { $ref: "#/components/headers/SessionCookieRotated" },
      };
    }
  }
}

/** Every error may clear a dead session cookie (401) or carry a rotated one. */
export const ERROR_COOKIE_HEADER: Json = {
  "Set-Cookie": { $ref: "#/components/headers/SessionCookieOnError" },
};

/** Cookie names are letters, `_` and `-`: nothing a pattern must escape. */
const cookieSchema = (name: string): Json => ({ type: "string", pattern: `^${name}=` });

export function cookieHeaders(secure: boolean): Record<string, Json> {
  const session = sessionCookieName(secure);
  const device = deviceCookieName(secure);
  const attributes = `HttpOnly, SameSite=Lax, Path=/${secure ? ", Secure" : ""}`;
  return {
    SessionCookieSet: {
      description: `The session cookie \`${session}\` (${attributes}, Expires). With \`SIGNED_IN\` it is a signed-in session (30 days, renewed while used); with \`MFA_REQUIRED\` or \`NEW_PASSWORD_REQUIRED\` a pending one that only the next step accepts (10 minutes), and the step answers with a new token. A completed sign-in also sets the device cookie \`${device}\` (180 days), so this client's later sign-ins to the account are not counted with its address's. A refused sign-in sets nothing.`,
      schema: cookieSchema(session),
      example: `${session}=k3q7x2mbd5vfhy4wz6ncj8rtp9sgl2ea7u3ioqxd; Path=/; Expires=Thu, 24 Dec 2026 12:00:00 GMT; HttpOnly; SameSite=Lax`,
    },
    DeviceCookieSet: {
      description: `The device cookie \`${device}\` of a completed sign-in (${attributes}, 180 days). The session cookie keeps its token: the pending session becomes the signed-in one.`,
      schema: cookieSchema(device),
    },
    SessionCookieCleared: {
      description: `The session cookie \`${session}\` cleared (empty, Max-Age=0); the session has ended on the server.`,
      schema: cookieSchema(session),
      example: `${session}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
    },
    SessionCookieRotated: {
      description: `Present only when the session was due for a new token (its person's roles changed since it was opened): the session cookie \`${session}\` with the new token. The old token stopped working when this answer was made, also for calls already on their way: store this cookie and send it from now on.`,
      schema: cookieSchema(session),
    },
    SessionCookieOnError: {
      description: `Only when the call sent the session cookie \`${session}\`: a 401 clears a cookie that names no session (Max-Age=0); any answer may carry the session's new token when the session was rotated during the call (see \`SessionCookieRotated\`).`,
      schema: cookieSchema(session),
    },
  };
}

/** Paragraphs of the document's description about signing in, cookies, paths and methods. */
export const CONTRACT_TEXT = (cookie: string) => [
  `Cookie clients sign in with \`POST /public/signin\` (then \`/public/signin/totp\` or \`/public/signin/new-password\` when the answer's \`status\` asks for that step); each step's answer sets \`${cookie}\` (\`Set-Cookie\`), and \`POST /public/logout\` clears it. A session whose person's roles changed gets a new token on its next call: that answer's \`Set-Cookie\` carries it and the old token stops working at once.`,
  "Path parameters may be percent-encoded as any client does: `%2C` between comma-separated keys reads as `,`.",
  "A documented path called with a method it does not have answers 405 `method_not_allowed` with an `Allow` header; an unknown path 404 `not_found`.",
];

/** The error details of ZErrorDetails as the document's Error `data` properties. */
export const ERROR_DETAIL_PROPERTIES = (z.toJSONSchema(ZErrorDetails) as { properties: Json }).properties;
