import { createHmac } from "node:crypto";
import { addressSubject, RATE_RULES, type RateCheck, subKey, withLimit } from "@kunto/auth";
import type { Context } from "../context";
import { limitsOf } from "../rate-limits";

/**
 * Public submissions per share and client address (issue 17.5): RESPONSE_ADDRESS_LIMIT an hour,
 * an IPv6 client per /64. Generous, since an office behind one address answers the same link; past
 * it 429 `too_many_requests` with `Retry-After`. Counted by `submitResponse` in its first statement,
 * before any check of the submission, so refused submissions count too and a refused call touches
 * nothing else.
 *
 * A respondent's address is never stored, and a share's key opens its link: the counter is named
 * by an HMAC of both under a sub-key of SECRETS_KEY, so the `rate_limits` row (gone a day after its
 * window) tells nobody which address answered which link.
 */
export function submissionLimits(ctx: Context, shareKey: string): RateCheck[] {
  const subject = createHmac("sha256", subKey(ctx.config.secretsKey, "rate-limit-subject"))
    .update(`${shareKey}\n${addressSubject(ctx.ip)}`)
    .digest("hex")
    .slice(0, 40);
  const rule = withLimit(RATE_RULES.responseShareAddress, limitsOf(ctx.config).responseShareAddress);
  return [[rule, subject]];
}
