import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./testing";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

describe("customers", () => {
  it("creates, retrieves, updates, lists by e-mail and deletes", async () => {
    const created = await h.stripe.customers.create({
      email: "owner@example.com",
      name: "Acme Oy",
      metadata: { tenantId: "t-1", keep: "yes" },
      preferred_locales: ["fi"],
    });
    expect(created.id).toMatch(/^cus_/);
    expect(created).toMatchObject({
      object: "customer",
      email: "owner@example.com",
      metadata: { tenantId: "t-1" },
    });
    const fetched = await h.stripe.customers.retrieve(created.id);
    expect(fetched).toMatchObject({ id: created.id, name: "Acme Oy", preferred_locales: ["fi"] });
    const updated = await h.stripe.customers.update(created.id, {
      name: "Acme Ltd",
      metadata: { keep: "", extra: "1" },
      address: { country: "FI", city: "Helsinki" },
    });
    expect(updated.metadata).toEqual({ tenantId: "t-1", extra: "1" });
    expect(updated.address).toMatchObject({ country: "FI", city: "Helsinki", line1: null });
    const listed = await h.stripe.customers.list({ email: "owner@example.com" });
    expect(listed.data.map((c) => c.id)).toEqual([created.id]);
    const deleted = await h.stripe.customers.del(created.id);
    expect(deleted).toEqual({ id: created.id, object: "customer", deleted: true });
    await h.fake.idle();
    expect(h.receiver.types()).toEqual(["customer.created", "customer.updated", "customer.deleted"]);
  });
});
