// Test helpers for this package: a webhook endpoint that verifies each delivery with the SDK,
// and a fake + SDK client + endpoint started together.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { readBody } from "./http";
import { type FakeStripe, type FakeStripeOptions, startFakeStripe } from "./server";

export interface Receiver {
  url: string;
  /** Events that passed `stripe.webhooks.constructEvent`, in arrival order. */
  events: Stripe.Event[];
  /** Deliveries that failed verification (answered 400). */
  rejected: string[];
  types(): string[];
  close(): Promise<void>;
}

export async function startReceiver(secret: string): Promise<Receiver> {
  const events: Stripe.Event[] = [];
  const rejected: string[] = [];
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      try {
        events.push(Stripe.webhooks.constructEvent(raw, req.headers["stripe-signature"] ?? "", secret));
        res.writeHead(200).end("ok");
      } catch (error) {
        rejected.push(String(error));
        res.writeHead(400).end("bad signature");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    events,
    rejected,
    types: () => events.map((e) => e.type),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Harness {
  fake: FakeStripe;
  stripe: Stripe;
  receiver: Receiver;
  close(): Promise<void>;
}

export async function startHarness(options: FakeStripeOptions = {}): Promise<Harness> {
  const secret = options.webhookSecret ?? "whsec_test_secret";
  const receiver = await startReceiver(secret);
  const fake = await startFakeStripe({ ...options, webhookSecret: secret, webhookUrl: receiver.url });
  const stripe = new Stripe(fake.apiKey, { ...fake.stripeConfig });
  return {
    fake,
    stripe,
    receiver,
    async close() {
      await fake.close();
      await receiver.close();
    },
  };
}

/** Submits a hosted page's form as a browser would (no redirects followed). */
export function submit(url: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
}

/** The `action` of the form whose button reads `label`. */
export function formAction(html: string, label: string): string {
  const forms = [
    ...html.matchAll(/<form method="post" action="([^"]+)"><button type="submit">([^<]+)<\/button><\/form>/g),
  ];
  const found = forms.find((m) => m[2] === label);
  if (!found?.[1]) throw new Error(`No form with a "${label}" button`);
  return found[1].replaceAll("&#38;", "&");
}

/** A customer who went through Checkout for `price`; the events so far are cleared. */
export async function subscribe(h: Harness, price: string, trialDays?: number): Promise<Stripe.Subscription> {
  const customer = await h.stripe.customers.create({ metadata: { tenantId: "t-1" } });
  const session = await h.stripe.checkout.sessions.create({
    mode: "subscription",
    customer: customer.id,
    line_items: [{ price, quantity: 1 }],
    subscription_data: {
      ...(trialDays ? { trial_period_days: trialDays } : {}),
      metadata: { tenantId: "t-1" },
    },
    success_url: "http://127.0.0.1:1/done",
  });
  const paid = await submit(`${session.url}/pay`);
  if (paid.status !== 303) throw new Error(`pay answered ${paid.status}`);
  await h.fake.idle();
  h.receiver.events.length = 0;
  const done = await h.stripe.checkout.sessions.retrieve(session.id);
  return h.stripe.subscriptions.retrieve(String(done.subscription));
}
