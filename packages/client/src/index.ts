import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./schema";

export type { components, operations, paths } from "./schema";

export interface KuntoClientOptions {
  /** The server's origin, e.g. `https://app.kunto.example` (the client adds `/api`). */
  origin: string;
  /** An API key as the keys screen shows it once: `<publicKey>.<privateKey>`. */
  apiKey: string;
  /** Optional: the fetch to use (tests, proxies). */
  fetch?: typeof fetch;
}

/**
 * A typed client for Kunto's REST API (issue 20.6): every path, parameter, body and answer of
 * /api/openapi.json, checked by TypeScript. The key names the organisation, so no X-tenant-id is
 * needed. Errors come back as `{ error }` with the documented `error_key`.
 */
export function createKuntoClient(options: KuntoClientOptions): Client<paths> {
  return createClient<paths>({
    baseUrl: `${options.origin.replace(/\/$/, "")}/api`,
    headers: { authorization: `Bearer ${options.apiKey}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
