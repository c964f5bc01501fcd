import { apiKeyDefaultExpiry } from "@kunto/core";
import type { Actor } from "../support/harness";
import { outputOf, type RestAnswer, type RestServer, rest } from "../support/rest";

/**
 * What the API-key tests share: making a key through the organisation's settings over REST (as a
 * person with the session cookie) and calling with it as an integrator would (no cookie, no Origin).
 */
export interface MadeKey {
  publicKey: string;
  privateKey: string;
  token: string;
}

export interface KeyOptions {
  name?: string;
  scope?: "read" | "write";
  ips?: string;
  expireAt?: string;
}

export async function makeKey(
  server: RestServer,
  admin: Actor,
  tenantId: string,
  options: KeyOptions = {},
): Promise<MadeKey> {
  const answer = await rest(server, {
    method: "POST",
    path: "/api/tenant/apikey",
    actor: admin,
    tenantId,
    body: {
      name: options.name ?? "Integration",
      expireAt: options.expireAt ?? apiKeyDefaultExpiry(),
      ips: options.ips ?? "",
      scope: options.scope ?? "write",
      termsAccepted: true,
    },
  });
  const { publicKey, privateKey, token } = outputOf("apiKey.create", answer);
  return { publicKey, privateKey, token };
}

export interface KeyCall {
  method?: string;
  path: string;
  body?: unknown;
  tenantId?: string;
  /** A local loopback address to call from. */
  from?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  cookie?: string;
}

/** A call with the key in `Authorization: Bearer`, as an integrator's client makes it. */
export const withKey = (server: RestServer, token: string, call: KeyCall): Promise<RestAnswer> =>
  rest(server, {
    method: call.method ?? "GET",
    path: call.path,
    body: call.body,
    tenantId: call.tenantId,
    from: call.from,
    origin: call.origin ?? null,
    cookie: call.cookie,
    headers: { authorization: `Bearer ${token}`, ...call.headers },
  });
