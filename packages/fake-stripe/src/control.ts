// Test controls under /_fake (no API key), for an app or e2e run that holds the fake in another
// process: move the clock, end a period, fail or recover a payment, send any event, point webhooks.
import type { ServerResponse } from "node:http";
import { sendJson } from "./http";
import { failPayment, recoverPayment } from "./resources/invoices";
import type { PageContext, PageRoute } from "./router";

function jsonBody(ctx: PageContext): Record<string, unknown> {
  if (ctx.body.trim() === "") return {};
  if (ctx.req.headers["content-type"]?.includes("json"))
    return JSON.parse(ctx.body) as Record<string, unknown>;
  return ctx.form;
}

async function answer(res: ServerResponse, work: () => Promise<unknown> | unknown): Promise<void> {
  try {
    sendJson(res, 200, await work());
  } catch (error) {
    sendJson(res, 400, {
      error: { type: "invalid_request_error", message: String((error as Error).message) },
    });
  }
}

function toSeconds(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\d+$/.test(value)) return Number(value);
  const ms = Date.parse(String(value));
  if (Number.isNaN(ms)) throw new Error(`Not a date: ${String(value)}`);
  return Math.floor(ms / 1000);
}

export const controlPages: PageRoute[] = [
  {
    method: "GET",
    path: /^\/_fake\/state$/,
    handler: ({ state, res }) =>
      sendJson(res, 200, {
        now: state.now(),
        webhookUrl: state.webhooks.url ?? null,
        customers: [...state.customers.values()],
        subscriptions: [...state.subscriptions.values()],
        checkoutSessions: [...state.checkoutSessions.values()],
        deliveries: state.webhooks.deliveries,
      }),
  },
  {
    method: "POST",
    path: /^\/_fake\/webhook$/,
    handler: (ctx) =>
      answer(ctx.res, () => {
        const body = jsonBody(ctx);
        ctx.state.webhooks.url = typeof body.url === "string" && body.url !== "" ? body.url : undefined;
        if (typeof body.secret === "string" && body.secret !== "") ctx.state.webhooks.secret = body.secret;
        return { url: ctx.state.webhooks.url ?? null };
      }),
  },
  {
    method: "POST",
    path: /^\/_fake\/advance$/,
    handler: (ctx) =>
      answer(ctx.res, async () => {
        const changed = await ctx.state.advanceTo(toSeconds(jsonBody(ctx).to));
        return { now: ctx.state.now(), changed: changed.map((s) => s.id) };
      }),
  },
  {
    method: "POST",
    path: /^\/_fake\/subscriptions\/([^/]+)\/end_period$/,
    handler: (ctx) => answer(ctx.res, () => ctx.state.endPeriod(ctx.params[0] ?? "")),
  },
  {
    method: "POST",
    path: /^\/_fake\/subscriptions\/([^/]+)\/fail_payment$/,
    handler: (ctx) => answer(ctx.res, () => failPayment(ctx.state, ctx.params[0] ?? "")),
  },
  {
    method: "POST",
    path: /^\/_fake\/subscriptions\/([^/]+)\/recover_payment$/,
    handler: (ctx) => answer(ctx.res, () => recoverPayment(ctx.state, ctx.params[0] ?? "")),
  },
  {
    method: "POST",
    path: /^\/_fake\/events$/,
    handler: (ctx) =>
      answer(ctx.res, () => {
        const body = jsonBody(ctx);
        if (typeof body.type !== "string" || typeof body.object !== "object" || body.object === null) {
          throw new Error("Give {type, object}.");
        }
        return ctx.state.publish(body.type, body.object);
      }),
  },
];
