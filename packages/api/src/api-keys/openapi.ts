import { type KeyCallMeta, keyMayCall } from "./key-access";

/**
 * What the OpenAPI document says about API keys (issue 20.2): the `apiKey` bearer scheme beside the
 * session cookie, on exactly the operations a key may call (`keyMayCall`, the rule the server applies),
 * the optional X-tenant-id of a key's call and the rate-limit headers of its 429.
 */
type Json = Record<string, unknown>;

export const API_KEY_SCHEME = "apiKey";

export const API_KEY_TAG = {
  name: "API keys",
  description:
    "The organisation's API keys for integrations: managed by its admins on the PRO and TOTAL plans, and by platform admins. A key never manages keys.",
  prefixes: ["/tenant/apikey"],
};

export const API_KEY_SECURITY_SCHEME = {
  type: "http" as const,
  scheme: "bearer",
  bearerFormat: "<publicKey>.<privateKey>",
  description:
    "An API key made in the organisation's settings: `Authorization: Bearer <publicKey>.<privateKey>` (the `token` of the creation answer). The key names its organisation; it calls the operations that list this scheme, `read` keys only their GETs, from the addresses of its IP list, 600 calls a minute. An expired or deleted key answers 401 `api_key_invalid` at once; the session cookie is not read when a key is sent.",
};

export const API_KEY_TEXT =
  "Integrations authenticate with an API key instead: `Authorization: Bearer <publicKey>.<privateKey>` (security scheme `apiKey`) on the operations that list it, with or without `X-tenant-id` (the key names its organisation). A key works only on REST paths, never on `/trpc`, and never for what only a person may do (profile, passwords, users, keys, billing): those answer 403 `api_key_not_allowed`.";

/** The operation's security: the cookie, and the key where a key may call it. */
export const securityOf = (meta: KeyCallMeta, cookieScheme: string): Json[] =>
  meta.access === "public"
    ? []
    : keyMayCall(meta)
      ? [{ [cookieScheme]: [] }, { [API_KEY_SCHEME]: [] }]
      : [{ [cookieScheme]: [] }];

/** X-tenant-id of an operation a key may call: required with the cookie only. */
export const tenantHeaderFor = (meta: KeyCallMeta, header: Json): Json =>
  keyMayCall(meta)
    ? {
        ...header,
        required: false,
        description:
          "The organisation the call acts on. With the session cookie: required (400 `tenant_header_invalid` when missing or no UUID), and the caller must be an active member of it. With an API key: may be left out (the key names its organisation); when sent it must name the key's organisation (403 `access_denied`).",
      }
    : header;

/** A key's 429 (draft-ietf-httpapi-ratelimit-headers). */
export const RATE_LIMIT_HEADERS: Json = {
  RateLimit: {
    description:
      'An API key\'s refusal: nothing remains of its quota until the window ends, e.g. `"key";r=0;t=37` (t: seconds).',
    schema: { type: "string" },
  },
  "RateLimit-Policy": {
    description:
      'An API key\'s refusal: its quota per window, e.g. `"key";q=600;w=60` (600 calls per 60 seconds).',
    schema: { type: "string" },
  },
};

/** A key's call may also answer 429 (its rate limit), GETs included. */
export const withKeyStatuses = (meta: KeyCallMeta, statuses: number[]): number[] =>
  keyMayCall(meta) && !statuses.includes(429) ? [...statuses, 429].sort((a, b) => a - b) : statuses;
