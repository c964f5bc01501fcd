import { WEBHOOK_ANSWER_COUNT_MAX, WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENTS } from "@kunto/core";
import { describe, expect, it } from "vitest";
import {
  answerCountOf,
  canResend,
  DELIVERY_POLL_MS,
  deliveryKind,
  deliveryRefetchInterval,
  EXCERPT_PREVIEW,
  excerptPreview,
  isUnderWay,
  STATUS_COLORS,
  webhookFormValues,
  webhookInput,
} from "./webhook-model";

describe("delivery states", () => {
  it("is under way while pending, sending or retrying, and only then", () => {
    expect(WEBHOOK_DELIVERY_STATES.filter(isUnderWay)).toEqual(["pending", "sending", "retrying"]);
  });

  it("sends again only a delivery with an outcome", () => {
    expect(WEBHOOK_DELIVERY_STATES.filter(canResend)).toEqual(["succeeded", "failed"]);
  });

  it("asks again only while a delivery on the page is under way", () => {
    expect(deliveryRefetchInterval(undefined)).toBe(false);
    expect(deliveryRefetchInterval([])).toBe(false);
    expect(deliveryRefetchInterval([{ status: "succeeded" }, { status: "failed" }])).toBe(false);
    expect(deliveryRefetchInterval([{ status: "succeeded" }, { status: "retrying" }])).toBe(DELIVERY_POLL_MS);
    expect(deliveryRefetchInterval([{ status: "pending" }])).toBe(DELIVERY_POLL_MS);
  });

  it("has a colour for every state, told apart from one another", () => {
    const colours = WEBHOOK_DELIVERY_STATES.map((state) => STATUS_COLORS[state]);
    expect(colours.every(Boolean)).toBe(true);
    expect(new Set(colours).size).toBe(WEBHOOK_DELIVERY_STATES.length);
  });
});

describe("deliveryKind", () => {
  it("knows every event and the test event", () => {
    for (const event of WEBHOOK_EVENTS) expect(deliveryKind(event)).toBe(event);
    expect(deliveryKind("webhook.test")).toBe("webhook.test");
  });

  it("leaves a type it does not know unnamed", () => {
    expect(deliveryKind("survey.deleted")).toBeNull();
    expect(deliveryKind("")).toBeNull();
  });
});

describe("excerptPreview", () => {
  it("shows a short one-line answer whole", () => {
    expect(excerptPreview("OK")).toEqual({ preview: "OK", truncated: false });
  });

  it("cuts a long answer with an ellipsis and says there is more", () => {
    const long = "x".repeat(EXCERPT_PREVIEW + 1);
    const { preview, truncated } = excerptPreview(long);
    expect(truncated).toBe(true);
    expect(preview).toBe(`${"x".repeat(EXCERPT_PREVIEW)}…`);
  });

  it("puts a short answer of several lines on one, with the whole of it kept", () => {
    expect(excerptPreview('{\n  "ok": true\n}')).toEqual({ preview: '{ "ok": true }', truncated: true });
  });
});

describe("answerCountOf", () => {
  it("reads empty as the survey's expected answers", () => {
    expect(answerCountOf("")).toBeNull();
    expect(answerCountOf("  ")).toBeNull();
  });

  it("takes whole numbers from 1 to the maximum", () => {
    expect(answerCountOf(1)).toBe(1);
    expect(answerCountOf("25")).toBe(25);
    expect(answerCountOf(WEBHOOK_ANSWER_COUNT_MAX)).toBe(WEBHOOK_ANSWER_COUNT_MAX);
  });

  it("refuses zero, fractions, too large numbers and words", () => {
    for (const value of [0, -3, 2.5, WEBHOOK_ANSWER_COUNT_MAX + 1, "ten"])
      expect(answerCountOf(value)).toBe("invalid");
  });
});

describe("the endpoint form", () => {
  it("starts empty for a new endpoint and from the endpoint when editing", () => {
    expect(webhookFormValues(null)).toEqual({ url: "", description: "", events: [], answerCount: "" });
    expect(
      webhookFormValues({
        url: "https://hooks.example.com/k",
        description: "CRM",
        events: ["task.done"],
        answerCount: 40,
      }),
    ).toEqual({
      url: "https://hooks.example.com/k",
      description: "CRM",
      events: ["task.done"],
      answerCount: 40,
    });
  });

  it("sends trimmed texts and the events in their list's order", () => {
    expect(
      webhookInput({
        url: "  https://hooks.example.com/k ",
        description: " CRM ",
        events: ["task.done", "survey.started"],
        answerCount: 12,
      }),
    ).toEqual({
      url: "https://hooks.example.com/k",
      description: "CRM",
      events: ["survey.started", "task.done"],
      answerCount: null,
    });
  });

  it("sends the count only with the answers-reached event, empty as null", () => {
    const values = { url: "https://a.example", description: "", answerCount: 12 };
    expect(webhookInput({ ...values, events: ["survey.answers_reached"] }).answerCount).toBe(12);
    expect(webhookInput({ ...values, events: ["survey.ended"] }).answerCount).toBeNull();
    expect(
      webhookInput({ ...values, events: ["survey.answers_reached"], answerCount: "" }).answerCount,
    ).toBeNull();
  });
});
