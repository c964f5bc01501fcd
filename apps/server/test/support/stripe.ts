import type { ApiConfig } from "@kunto/api";
import type { Db } from "@kunto/db";
import { type FakeStripe, type StripeEvent, signPayload, startFakeStripe } from "@kunto/fake-stripe";
import Stripe from "stripe";
import { startServer, TEST_CONFIG } from "./harness";

export const WEBHOOK_PATH = "/api/shared/stripe/webhook";

/**
 * The local fake Stripe (packages/fake-stripe) and a real server whose billing talks to it, with the
 * fake's webhooks pointed at the server's endpoint. `stripe` is the tests' own SDK client of the fake.
 */
export async function startBilling(db: Db) {
  const fake = await startFakeStripe({ webhookSecret: "whsec_kunto_test" });
  const config: ApiConfig = {
    ...TEST_CONFIG,
    billing: { secretKey: fake.apiKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url },
  };
  const server = await startServer(db, config);
  const webhookUrl = `${server.base}${WEBHOOK_PATH}`;
  fake.setWebhook(webhookUrl, fake.webhookSecret);
  return {
    fake,
    server,
    webhookUrl,
    stripe: new Stripe(fake.apiKey, fake.stripeConfig),
    /** Stops sending events (they are still recorded), or sends them again. */
    deliver: (on: boolean) => fake.setWebhook(on ? webhookUrl : undefined, fake.webhookSecret),
    close: async () => {
      await fake.idle();
      await server.close();
      await fake.close();
    },
  };
}
export type Billing = Awaited<ReturnType<typeof startBilling>>;

/** The `action` of a hosted page's form whose button reads `label` (the fake's pages are plain HTML). */
export function formAction(html: string, label: string): string {
  const forms = [
    ...html.matchAll(/<form method="post" action="([^"]+)"><button type="submit">([^<]+)<\/button><\/form>/g),
  ];
  const found = forms.find((m) => m[2] === label);
  if (!found?.[1]) throw new Error(`No form with a "${label}" button in ${html}`);
  return found[1].replaceAll("&#38;", "&");
}

/** Opens a hosted page and presses the button `label`, as a browser would (no redirect followed). */
export async function press(fake: FakeStripe, pageUrl: string, label: string): Promise<Response> {
  const page = await fetch(pageUrl);
  if (page.status !== 200) throw new Error(`${pageUrl} answered ${page.status}`);
  return fetch(`${fake.url}${formAction(await page.text(), label)}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
}

/** POSTs an event to the webhook endpoint as Stripe does, signed with `secret` (or a header as given). */
export function postEvent(
  billing: Billing,
  payload: string,
  signature: { secret: string } | { header: string | null } = { secret: billing.fake.webhookSecret },
): Promise<Response> {
  const header =
    "secret" in signature
      ? signPayload(payload, signature.secret, Math.floor(Date.now() / 1000))
      : signature.header;
  return billing.server.fetch(WEBHOOK_PATH, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(header === null ? {} : { "stripe-signature": header }),
    },
    body: payload,
  });
}

/** The events the fake recorded about one customer (its own, its subscriptions', invoices', sessions'), in order. */
export function eventsOf(fake: FakeStripe, customerId: string): StripeEvent[] {
  return [...fake.state.events.values()].filter(
    (event) => event.data.object.customer === customerId || event.data.object.id === customerId,
  );
}
