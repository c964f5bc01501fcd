// Runs the fake on its own (e2e, manual checks): `tsx packages/fake-stripe/src/cli.ts`.
// FAKE_STRIPE_PORT (default 12111), FAKE_STRIPE_HOST (127.0.0.1), STRIPE_SECRET_KEY (sk_test_fake),
// STRIPE_WEBHOOK_SECRET (whsec_fake), FAKE_STRIPE_WEBHOOK_URL (none; or POST /_fake/webhook later).
import { startFakeStripe } from "./server";

const env = process.env;
const fake = await startFakeStripe({
  port: Number(env.FAKE_STRIPE_PORT ?? 12111),
  host: env.FAKE_STRIPE_HOST ?? "127.0.0.1",
  apiKey: env.STRIPE_SECRET_KEY ?? "sk_test_fake",
  webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "whsec_fake",
  ...(env.FAKE_STRIPE_WEBHOOK_URL ? { webhookUrl: env.FAKE_STRIPE_WEBHOOK_URL } : {}),
});
console.log(`fake-stripe listening on ${fake.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}
