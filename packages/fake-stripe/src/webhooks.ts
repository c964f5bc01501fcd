import { createHmac } from "node:crypto";
import type { StripeEvent } from "./types";

/** `Stripe-Signature` as Stripe writes it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`. */
export function signPayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export interface Delivery {
  eventId: string;
  type: string;
  url: string;
  /** The endpoint's HTTP status, or null when it could not be reached. */
  status: number | null;
  error?: string;
}

/** Posts signed events to the webhook endpoint, one POST per call, and remembers each attempt. */
export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private readonly pending = new Set<Promise<Delivery>>();

  private readonly types: Set<string> | null;

  constructor(
    public url: string | undefined,
    public secret: string,
    types?: string[],
  ) {
    this.types = types ? new Set(types) : null;
  }

  /** Whether an event of this type goes to the endpoint (its enabled events). */
  sends(type: string): boolean {
    return Boolean(this.url) && (this.types === null || this.types.has(type));
  }

  /** Sends the event now (no retries); resolves with the attempt, never rejects. */
  deliver(event: StripeEvent): Promise<Delivery> {
    return this.track(this.post(event));
  }

  /** Sends the event once the current request has been answered; `idle()` waits for it too. */
  deliverSoon(event: StripeEvent): void {
    void this.track(new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.post(event)));
  }

  private track(attempt: Promise<Delivery>): Promise<Delivery> {
    this.pending.add(attempt);
    void attempt.finally(() => this.pending.delete(attempt));
    return attempt;
  }

  /** Resolves once every delivery started so far (and any they started) has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private async post(event: StripeEvent): Promise<Delivery> {
    const url = this.url;
    if (!url || !this.sends(event.type)) {
      return { eventId: event.id, type: event.type, url: url ?? "", status: null, error: "not sent" };
    }
    const payload = JSON.stringify(event, null, 2);
    // Signed with the wall clock, as the SDK checks the timestamp against it (300 s tolerance),
    // even when the fake's own clock has been moved on.
    const header = signPayload(payload, this.secret, Math.floor(Date.now() / 1000));
    let delivery: Delivery;
    try {
      const res = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json; charset=utf-8",
          "stripe-signature": header,
          "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      delivery = { eventId: event.id, type: event.type, url, status: res.status };
    } catch (error) {
      delivery = { eventId: event.id, type: event.type, url, status: null, error: String(error) };
    }
    this.deliveries.push(delivery);
    return delivery;
  }
}
