import { describe, expect, it } from "vitest";
import { effectivePlan, PAYMENT_GRACE_DAYS } from "./plans";

const now = new Date("2026-11-26T12:00:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe("the grace period of a failed payment (issue 21)", () => {
  it("keeps the paid plan while the grace period runs, FREE once it has ended", () => {
    expect(PAYMENT_GRACE_DAYS).toBe(7);
    expect(effectivePlan("PRO", "PAYMENT_FAILED", days(1), now)).toBe("PRO");
    expect(effectivePlan("TOTAL", "PAYMENT_FAILED", days(PAYMENT_GRACE_DAYS), now)).toBe("TOTAL");
    expect(effectivePlan("PRO", "PAYMENT_FAILED", now, now)).toBe("FREE");
    expect(effectivePlan("PRO", "PAYMENT_FAILED", days(-1), now)).toBe("FREE");
    expect(effectivePlan("PRO", "PAYMENT_FAILED", null, now)).toBe("FREE");
  });

  it("gives no grace to other unpaid states, and needs none for paid or hand-set plans", () => {
    for (const status of ["AWAITING_PAYMENT", "UNPAID", "CANCELED"] as const)
      expect(effectivePlan("PRO", status, days(3), now)).toBe("FREE");
    expect(effectivePlan("PRO", "PAID", null, now)).toBe("PRO");
    expect(effectivePlan("TOTAL", null, days(-30), now)).toBe("TOTAL");
  });
});
