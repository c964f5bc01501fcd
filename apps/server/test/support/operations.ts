import { exampleOf } from "@kunto/api";
import type { Db } from "@kunto/db";
import { type Actor, actorFor, type connect, makeTenant, makeUser } from "./harness";

/**
 * Every REST operation of the served OpenAPI document and every tRPC procedure of the router, walked
 * generically so a procedure added later is covered without touching the tests that use this.
 */
export type Json = Record<string, unknown>;

export interface RestOperation {
  method: string;
  path: string;
  operation: Json & { responses: Record<string, Json>; parameters?: Json[] };
  parameters: Json[];
  bodySchema: Json | null;
  example: Record<string, unknown> | null;
}

export function restOperations(doc: Json): RestOperation[] {
  const paths = doc.paths as Record<string, Record<string, RestOperation["operation"]>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const media = (operation.requestBody as Json | undefined)?.content as Json | undefined;
      const json = media?.["application/json"] as Json | undefined;
      return {
        method: method.toUpperCase(),
        path,
        operation,
        parameters: operation.parameters ?? [],
        bodySchema: (json?.schema as Json | undefined) ?? null,
        example: json ? ((json.example as Record<string, unknown>) ?? {}) : null,
      };
    }),
  );
}

export type ActorName = "anonymous" | "member" | "admin";
export const ACTOR_NAMES: ActorName[] = ["anonymous", "member", "admin"];

/** A tenant with a basic member and an admin who is also platform administrator. */
export async function operationFixtures(db: ReturnType<typeof connect>) {
  const tenant = await makeTenant(db.owner);
  const member = await makeUser(db.owner, { tenantId: tenant.id, tenantRoles: ["tenant_basic"] });
  const admin = await makeUser(db.owner, {
    tenantId: tenant.id,
    tenantRoles: ["tenant_admin"],
    systemRoles: ["admin"],
  });
  const ids: Record<ActorName, string | null> = { anonymous: null, member: member.id, admin: admin.id };
  /** Fresh sessions for each call: sign-out and sign-out-everywhere end the ones they are sent with. */
  const actors = async (): Promise<Record<ActorName, Actor>> => ({
    anonymous: await actorFor(db.db, "anonymous", null),
    member: await actorFor(db.db as Db, "member", ids.member),
    admin: await actorFor(db.db as Db, "admin", ids.admin),
  });
  return { tenant, actors };
}

export interface RestCall {
  /** Values for path and query parameters, by name (raw, already URL-encoded when `encoded`). */
  params?: Record<string, string>;
  encoded?: boolean;
  /** The body text; JSON of the example when absent. */
  body?: string | null;
  contentType?: string | null;
  origin?: string | null;
}

/** The request for an operation: the document's examples unless the call names other values. */
export function restRequest(
  base: string,
  op: RestOperation,
  actor: Actor,
  tenantId: string,
  call: RestCall = {},
): { url: string; init: RequestInit } {
  const query = new URLSearchParams();
  let path = op.path;
  let rawQuery = "";
  for (const parameter of op.parameters) {
    const name = String(parameter.name);
    const value =
      call.params?.[name] ?? String(parameter.example ?? exampleOf(parameter.schema as Json) ?? "");
    if (parameter.in === "path") {
      path = path.replace(`{${name}}`, call.encoded ? value : encodeURIComponent(value));
    } else if (parameter.in === "query") {
      if (call.encoded && call.params?.[name] !== undefined)
        rawQuery += `${rawQuery ? "&" : ""}${name}=${value}`;
      else query.set(name, value);
    }
  }
  const search = [query.toString(), rawQuery].filter(Boolean).join("&");
  const headers: Record<string, string> = { "x-tenant-id": tenantId };
  const origin = call.origin === undefined ? base : call.origin;
  if (origin) headers.origin = origin;
  if (actor.cookie) headers.cookie = actor.cookie;
  let body: string | undefined;
  if (op.example !== null) {
    body = call.body === undefined ? JSON.stringify(op.example) : (call.body ?? undefined);
    const type = call.contentType === undefined ? "application/json" : call.contentType;
    if (type && body !== undefined) headers["content-type"] = type;
  }
  return {
    url: `${base}/api${path}${search ? `?${search}` : ""}`,
    init: { method: op.method, headers, body },
  };
}

/** An error body that shows nothing but its key: no stack, no SQL, no library message. */
export function internalsShown(status: number, text: string): string | null {
  if (status < 400) return null;
  if (
    /\.ts:\d+|\.js:\d+|node_modules|postgres|syntax error|violates|relation "|TypeError|RangeError/i.test(
      text,
    )
  )
    return "shows internals";
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    return text.length === 0 ? null : "not JSON";
  }
  const error = (body.error as Json | undefined) ?? body;
  const data = error.data as Json | undefined;
  const key = error.error_key ?? data?.error_key;
  if (typeof key !== "string") return "no error_key";
  if (error.message !== key) return `message ${JSON.stringify(error.message)} is not the key ${key}`;
  return null;
}
