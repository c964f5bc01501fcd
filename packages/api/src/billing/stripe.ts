import { AppError } from "@kunto/core";
import Stripe from "stripe";
import type { ApiConfig, BillingConfig } from "../context";

/**
 * The SDK's options for a configuration: Stripe itself (the SDK's own host, two retries of a failed
 * network call), or STRIPE_API_URL's host, port and protocol (the local fake, no retries).
 */
export function stripeOptions(config: BillingConfig): Stripe.StripeConfig {
  if (!config.apiUrl) return { maxNetworkRetries: 2, timeout: 20_000 };
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === "https" ? 443 : 80)),
    protocol,
    maxNetworkRetries: 0,
    timeout: 20_000,
  };
}

/** One client per configuration object (the server has one; each test server its own). */
const clients = new WeakMap<BillingConfig, Stripe>();

/** The Stripe client, or 409 `billing_not_configured` without keys. */
export function stripeOf(config: ApiConfig): Stripe {
  const billing = config.billing;
  if (!billing) throw new AppError("billing_not_configured");
  let client = clients.get(billing);
  if (!client) {
    client = new Stripe(billing.secretKey, stripeOptions(billing));
    clients.set(billing, client);
  }
  return client;
}

/** Stripe's "no such object" (a deleted customer, a removed price). */
export const isMissing = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeError && error.statusCode === 404;

/**
 * Runs a Stripe call; a failure of Stripe (unreachable, 5xx, a refusal of ours it should not have
 * made) is 503 `billing_unavailable`, logged, and nothing of the call's transaction is kept.
 */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The details are logged (errorBoundary), never sent: only known detail fields leave the server.
    throw new AppError("billing_unavailable", {
      stripe: error instanceof Stripe.errors.StripeError ? (error.code ?? error.type) : "network",
      stripeMessage: error instanceof Error ? error.message : String(error),
    });
  }
}
