import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { deliveryBody, signedHeaders } from "./deliver";
import { newWebhookSecret } from "./endpoints";

describe("Standard Webhooks signing (issue 20.4)", () => {
  it("signs a delivery so that the standardwebhooks package verifies it, and only with its secret", () => {
    const secret = newWebhookSecret();
    const body = deliveryBody("task.created", new Date("2026-11-25T10:00:00Z"), { task: { id: "t1" } });
    const now = new Date();
    const headers = signedHeaders(secret, "0b9f6c52-8a9e-4b8e-9a53-2f3c1d0e7a11", body, now);
    expect(headers["webhook-id"]).toBe("msg_0b9f6c528a9e4b8e9a532f3c1d0e7a11");
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(new Webhook(secret).verify(body, headers)).toEqual({
      type: "task.created",
      timestamp: "2026-11-25T10:00:00.000Z",
      data: { task: { id: "t1" } },
    });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace("t1", "t2"), headers)).toThrow();
  });

  it("makes a new secret each time, in the whsec_ form", () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
