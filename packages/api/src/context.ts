import type { Db, schema } from "@kunto/db";
import type { DnbConfig } from "./financials/dnb";

export interface ApiConfig {
  /** Public origin, e.g. https://app.kunto.fi; used in mail links and the CSRF check. */
  appUrl: string;
  /** E-mail domains whose users are hidden from others (DECISIONS.md "Tenancy"). */
  internalEmailDomains: string[];
  secureCookies: boolean;
  /**
   * SECRETS_KEY (32 bytes): HKDF sub-keys encrypt TOTP secrets and sign device cookies (issue 6.10).
   */
  secretsKey: Uint8Array;
  /** TRUST_PROXY: how many reverse proxies in front of the server append to X-Forwarded-For. */
  trustProxy?: number;
  /**
   * WEBHOOK_ALLOW_PRIVATE_ADDRESSES: webhook endpoints may be on loopback and private networks (tests,
   * a closed network). Off by default: such an address answers `webhook_url_private` (SSRF, issue 20.4).
   */
  allowPrivateWebhookAddresses?: boolean;
  /** Configured limits (README); what is not given has its default (`limitsOf`, rate-limits.ts). */
  limits?: Partial<ApiLimits>;
  /**
   * Stripe (issue 21): STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_API_URL. Absent: billing
   * answers `billing_not_configured` and platform admins set plans by hand.
   */
  billing?: BillingConfig;
  /**
   * Dun & Bradstreet Direct+ (issue 23): DNB_CLIENT_ID, DNB_CLIENT_SECRET, DNB_BASE_URL. Absent: the
   * financials answer `configured: false` and `financials_not_configured`, and the D-U-N-S notice is off.
   */
  dnb?: DnbConfig;
  /** SALES_EMAIL (default ADMIN_EMAIL): where the TOTAL plan's "ask for a quote" link writes to. */
  salesEmail?: string;
}

export interface BillingConfig {
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** Another Stripe API server, e.g. the local fake's `http://127.0.0.1:12111`; its retries are off. */
  apiUrl?: string;
}

/** Limits an operator sets (issue 17.4, 17.5); counted in PostgreSQL like every rate limit. */
export interface ApiLimits {
  /** DEMO_SANDBOX_CAP: demo sandboxes alive at once on the whole server; past it 503. */
  demoSandboxCap: number;
  /** RESPONSE_ADDRESS_LIMIT: public survey submissions per share and client address per hour. */
  responseShareAddress: number;
  /** INVITATION_MAIL_USER_LIMIT: invitation mails one user queues per hour. */
  invitationMailUser: number;
  /** INVITATION_MAIL_ORGANISATION_LIMIT: invitation mails one organisation queues per hour. */
  invitationMailTenant: number;
}

export interface Logger {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
}

export type UserRow = typeof schema.users.$inferSelect;
export type SessionRow = typeof schema.sessions.$inferSelect;

export interface CookieJar {
  setSession: (token: string, expiresAt: Date) => void;
  clearSession: () => void;
  /** The signed device cookie (OWASP device cookie, issue 6.2). */
  setDevice: (value: string) => void;
}

/** Everything a procedure may use; built once per request by the server (or a test). */
export interface Context {
  db: Db;
  config: ApiConfig;
  log: Logger;
  /** Client address as seen by the server (for rate limits; never stored for respondents). */
  ip: string;
  /** Raw X-tenant-id header; trusted only after the membership check of tenantProcedure. */
  tenantHeader: string | null;
  /** The session cookie's token; validated by the procedure that needs a user (see `getAuth`). */
  sessionToken: string | null;
  /**
   * The `Authorization: Bearer` credential, an API key `<publicKey>.<privateKey>` (issue 20). When it
   * is sent the session cookie is not read (`sessionToken` is null): the key alone decides, checked
   * by tenantProcedure, and a call that needs a person answers 403 `api_key_not_allowed`.
   */
  bearer?: string | null;
  /** The adapter the call came through; keys are accepted on REST (`/api`) only. */
  transport?: "trpc" | "rest";
  /** The device cookie as sent; its entries are checked by the sign-in (see `deviceFor`). */
  deviceCookie: string | null;
  cookies: CookieJar;
  /**
   * Runs `run` once the answer has left the server (the response finished, or the connection
   * closed). Work whose duration must not show in the answer's timing waits for it (`afterAnswer`,
   * issue 17.7); without it (a direct caller) that work starts on the next turn of the event loop.
   */
  whenAnswered?: (run: () => void) => void;
}
