import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { controlPages } from "./control";
import { type FormObject, parseForm } from "./form";
import { readBody, StripeApiError, sendHtml, sendJson } from "./http";
import { htmlPage } from "./pages";
import { catalogRoutes } from "./resources/catalog";
import { checkoutPages, checkoutRoutes } from "./resources/checkout";
import { customerRoutes } from "./resources/customers";
import { eventRoutes } from "./resources/events";
import { failPayment, invoiceRoutes, recoverPayment } from "./resources/invoices";
import { portalPages, portalRoutes } from "./resources/portal";
import { subscriptionRoutes } from "./resources/subscriptions";
import { type ApiRoute, match, type PageRoute } from "./router";
import { seedKunto } from "./seed";
import { FakeState } from "./state";
import type { Invoice, StripeEvent } from "./types";
import { type Delivery, WebhookSender } from "./webhooks";

export interface FakeStripeOptions {
  /** The secret key the SDK must send (`Authorization: Bearer …`); default "sk_test_fake". */
  apiKey?: string;
  /** Where events are POSTed, signed; none: events are only recorded. Can be set later. */
  webhookUrl?: string;
  /** The endpoint's signing secret; default "whsec_fake". */
  webhookSecret?: string;
  /** Deliver only these event types (as an endpoint's enabled_events); default all. */
  webhookEvents?: string[];
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Load Kunto's catalogue (`SEED`); default true. */
  seed?: boolean;
  /** Fix the fake's clock from the start (otherwise the wall clock until `advanceTo`). */
  now?: Date | number;
}

export interface FakeStripe {
  /** `http://<host>:<port>`, the base of the hosted pages. */
  url: string;
  host: string;
  port: number;
  protocol: "http";
  apiKey: string;
  webhookSecret: string;
  /** Spread into `new Stripe(fake.apiKey, fake.stripeConfig)`. */
  stripeConfig: { host: string; port: number; protocol: "http"; maxNetworkRetries: 0 };
  state: FakeState;
  /** Points deliveries at another endpoint (and secret). */
  setWebhook(url: string | undefined, secret?: string): void;
  /** Records any event (`evt_…`, created, data.object) and waits for its signed delivery. */
  sendEvent(type: string, object: object, previousAttributes?: Record<string, unknown>): Promise<StripeEvent>;
  /** Delivers a recorded event once more (for duplicate-delivery tests). */
  resend(eventId: string): Promise<Delivery>;
  /** The renewal payment fails: open invoice, past_due, invoice.payment_failed + subscription updated. */
  failPayment(subscriptionId: string): Promise<Invoice>;
  /** The open invoice is paid: active again, invoice.paid + invoice.payment_succeeded + updated. */
  recoverPayment(subscriptionId: string): Promise<Invoice>;
  /** Resolves when every delivery started so far has finished (API calls deliver after answering). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const API_ROUTES: ApiRoute[] = [
  ...catalogRoutes,
  ...customerRoutes,
  ...checkoutRoutes,
  ...portalRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...eventRoutes,
];
const PAGE_ROUTES: PageRoute[] = [...checkoutPages, ...portalPages, ...controlPages];

function presentedKey(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? "";
  if (header.startsWith("Bearer ")) return header.slice(7).trim();
  if (header.startsWith("Basic "))
    return Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? "";
  return null;
}

function authError(key: string | null): StripeApiError {
  const message =
    key === null
      ? "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth."
      : `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
  return new StripeApiError(401, "invalid_request_error", message);
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const apiKey = options.apiKey ?? "sk_test_fake";
  const webhooks = new WebhookSender(
    options.webhookUrl,
    options.webhookSecret ?? "whsec_fake",
    options.webhookEvents,
  );
  const state = new FakeState(webhooks);
  if (options.now !== undefined) state.setNow(options.now);
  if (options.seed ?? true) seedKunto(state);
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();

  async function handleApi(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    form: FormObject,
    body: string,
  ) {
    const key = presentedKey(req);
    if (key !== apiKey) throw authError(key);
    state.apiCalls.push({ method: req.method ?? "GET", path, form });
    const idempotencyKey = req.method === "POST" ? req.headers["idempotency-key"] : undefined;
    const replay = typeof idempotencyKey === "string" ? idempotent.get(idempotencyKey) : undefined;
    if (replay) {
      if (replay.body !== body) {
        throw new StripeApiError(
          400,
          "idempotency_error",
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
        );
      }
      res.setHeader("idempotent-replayed", "true");
      return sendJson(res, replay.status, replay.answer);
    }
    const found = match(API_ROUTES, req.method ?? "GET", path);
    if (!found.route) {
      throw new StripeApiError(
        404,
        "invalid_request_error",
        `Unrecognized request URL (${req.method}: ${path}).`,
      );
    }
    let status = 200;
    let answer: unknown;
    try {
      answer = found.route.handler({ state, params: found.params, form });
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      answer = error.toJSON();
    }
    if (typeof idempotencyKey === "string") idempotent.set(idempotencyKey, { body, status, answer });
    sendJson(res, status, answer);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    const isForm =
      !req.headers["content-type"] || req.headers["content-type"].includes("x-www-form-urlencoded");
    const form: FormObject = { ...parseForm(url.search.slice(1)), ...(isForm ? parseForm(body) : {}) };
    try {
      if (url.pathname.startsWith("/v1/") || url.pathname.startsWith("/v2/")) {
        return await handleApi(req, res, url.pathname, form, body);
      }
      const found = match(PAGE_ROUTES, req.method ?? "GET", url.pathname);
      if (!found.route)
        return sendHtml(res, 404, htmlPage("Not found", "<p>fake-stripe has no such page.</p>"));
      await found.route.handler({ state, params: found.params, form, body, req, res });
    } catch (error) {
      if (res.headersSent) return;
      if (error instanceof StripeApiError) return sendJson(res, error.status, error.toJSON());
      sendJson(res, 500, { error: { type: "api_error", message: `fake-stripe: ${String(error)}` } });
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  state.baseUrl = url;

  return {
    url,
    host,
    port,
    protocol: "http",
    apiKey,
    get webhookSecret() {
      return webhooks.secret;
    },
    stripeConfig: { host, port, protocol: "http", maxNetworkRetries: 0 },
    state,
    setWebhook(webhookUrl, secret) {
      webhooks.url = webhookUrl;
      if (secret) webhooks.secret = secret;
    },
    sendEvent: (type, object, previousAttributes) => state.publish(type, object, previousAttributes),
    resend(eventId) {
      const event = state.events.get(eventId);
      if (!event) return Promise.reject(new Error(`No such event: ${eventId}`));
      return webhooks.deliver(event);
    },
    failPayment: (subscriptionId) => failPayment(state, subscriptionId),
    recoverPayment: (subscriptionId) => recoverPayment(state, subscriptionId),
    idle: () => webhooks.idle(),
    async close() {
      await webhooks.idle();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
