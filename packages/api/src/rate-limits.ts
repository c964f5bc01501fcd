import { RATE_RULES, type RateCheck, withLimit } from "@kunto/auth";
import { AppError } from "@kunto/core";
import type { ApiConfig, ApiLimits } from "./context";

/**
 * The limits an operator configures (README "Configuration", issue 17.4 and 17.5), and what several
 * domains share about rate limits: the invitation-mail counters (accounts and surveys) and the
 * `Retry-After` header of a refusal.
 */
export const DEFAULT_LIMITS: ApiLimits = {
  // ~270 KB each for 24 hours: at most ~270 MB of sandboxes.
  demoSandboxCap: 1000,
  responseShareAddress: RATE_RULES.responseShareAddress.limit,
  invitationMailUser: RATE_RULES.invitationMailUser.limit,
  invitationMailTenant: RATE_RULES.invitationMailTenant.limit,
};

export const limitsOf = (config: ApiConfig): ApiLimits => ({ ...DEFAULT_LIMITS, ...config.limits });

/**
 * The two counters every invitation mail counts against (issue 17.5): the user who sends it and
 * the organisation it is sent for, per hour. Account invitations (one mail a call) and a survey
 * link sent by e-mail (one mail per address) share them.
 */
export function invitationMailChecks(config: ApiConfig, userId: string, tenantId: string): RateCheck[] {
  const limits = limitsOf(config);
  return [
    [withLimit(RATE_RULES.invitationMailUser, limits.invitationMailUser), userId],
    [withLimit(RATE_RULES.invitationMailTenant, limits.invitationMailTenant), tenantId],
  ];
}

/**
 * The `Retry-After` of an answer (seconds): a refusal that knows when it ends (a full rate limit, a
 * full demo) carries it in its error's `details.retryAfter`. The tRPC route, the REST handler and
 * the report download set the header from the errors of the call.
 */
export function retryAfterHeaders(errors: readonly { cause?: unknown }[]): Record<string, string> {
  let seconds = 0;
  let rateLimit: Record<string, string> = {};
  for (const error of errors) {
    const details = error.cause instanceof AppError ? error.cause.details : undefined;
    const retryAfter = details?.retryAfter;
    if (typeof retryAfter === "number" && Number.isFinite(retryAfter))
      seconds = Math.max(seconds, Math.ceil(retryAfter));
    if (isRateLimit(details?.rateLimit)) rateLimit = rateLimitHeaders(details.rateLimit);
  }
  return seconds > 0 ? { "retry-after": String(seconds), ...rateLimit } : rateLimit;
}

/** A refused call's quota (API keys, issue 20): named policy, quota per window, seconds to its end. */
export interface RateLimitState {
  policy: string;
  quota: number;
  window: number;
  reset: number;
}
const isRateLimit = (value: unknown): value is RateLimitState =>
  typeof value === "object" &&
  value !== null &&
  ["quota", "window", "reset"].every((n) => typeof (value as Record<string, unknown>)[n] === "number");

/**
 * The IETF headers (draft-ietf-httpapi-ratelimit-headers) of a refusal: `RateLimit-Policy:
 * "key";q=600;w=60` and `RateLimit: "key";r=0;t=37` (nothing remains, t seconds to the new window).
 */
export const rateLimitHeaders = ({
  policy,
  quota,
  window,
  reset,
}: RateLimitState): Record<string, string> => ({
  "ratelimit-policy": `"${policy}";q=${quota};w=${window}`,
  ratelimit: `"${policy}";r=0;t=${Math.max(0, Math.ceil(reset))}`,
});
