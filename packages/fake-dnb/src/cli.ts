import { startFakeDnb } from "./server";

/** `pnpm --filter @kunto/fake-dnb start [port]` (or FAKE_DNB_PORT): for e2e runs (DNB_BASE_URL=http://127.0.0.1:<port>). */
const port = Number(process.argv[2] ?? process.env.FAKE_DNB_PORT ?? 12112);
const fake = await startFakeDnb({ port });
console.log(
  `fake-dnb at ${fake.url} (DNB_BASE_URL=${fake.url} DNB_CLIENT_ID=${fake.clientId} DNB_CLIENT_SECRET=${fake.clientSecret})`,
);
