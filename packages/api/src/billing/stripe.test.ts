import { describe, expect, it } from "vitest";
import { stripeOptions } from "./stripe";

describe("the Stripe client's options (issue 21)", () => {
  it("talks to Stripe itself with retries, and to STRIPE_API_URL's host, port and protocol without", () => {
    expect(stripeOptions({ secretKey: "sk", webhookSecret: "whsec" })).toEqual({
      maxNetworkRetries: 2,
      timeout: 20_000,
    });
    expect(
      stripeOptions({ secretKey: "sk", webhookSecret: "whsec", apiUrl: "http://127.0.0.1:12111" }),
    ).toEqual({
      host: "127.0.0.1",
      port: 12111,
      protocol: "http",
      maxNetworkRetries: 0,
      timeout: 20_000,
    });
    expect(
      stripeOptions({ secretKey: "sk", webhookSecret: "whsec", apiUrl: "https://stripe.internal" }),
    ).toMatchObject({
      host: "stripe.internal",
      port: 443,
      protocol: "https",
    });
  });
});
