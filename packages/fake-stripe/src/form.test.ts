import { describe, expect, it } from "vitest";
import { parseForm } from "./form";

describe("parseForm", () => {
  it("decodes the SDK's nested keys into objects and arrays", () => {
    const form = parseForm(
      "mode=subscription&line_items[0][price]=price_a&line_items[0][quantity]=2&line_items[1][price]=price_b" +
        "&metadata[tenantId]=t%201&subscription_data[trial_period_days]=30&expand[0]=subscription&expand[1]=customer",
    );
    expect(form).toEqual({
      mode: "subscription",
      line_items: [{ price: "price_a", quantity: "2" }, { price: "price_b" }],
      metadata: { tenantId: "t 1" },
      subscription_data: { trial_period_days: "30" },
      expand: ["subscription", "customer"],
    });
  });

  it("accepts empty brackets, percent-encoded brackets and numeric metadata keys", () => {
    expect(parseForm("expand[]=data.product&expand%5B%5D=data.x&metadata[1]=a")).toEqual({
      expand: ["data.product", "data.x"],
      metadata: { "1": "a" },
    });
  });

  it("keeps an empty value (Stripe's way to unset a field)", () => {
    expect(parseForm("metadata[plan]=&cancel_at=")).toEqual({ metadata: { plan: "" }, cancel_at: "" });
  });
});
