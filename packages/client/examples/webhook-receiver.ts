// The README's "For integrators" webhook receiver (issue 20.4): a plain Node HTTP server that takes
// Kunto's deliveries, verifies each signature with the `standardwebhooks` package and the endpoint's
// secret (shown once when the endpoint was added in Organisation settings → Webhooks), and hands the
// verified event on. Run it with
//   KUNTO_WEBHOOK_SECRET=whsec_... PORT=8080 npx tsx packages/client/examples/webhook-receiver.ts
// A test runs it against a real server (apps/server/test/integrators/typed-client.integration.test.ts).
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface KuntoEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });

export async function startWebhookReceiver(
  secret: string,
  onEvent: (event: KuntoEvent, id: string) => void,
  { port = 0, host = "127.0.0.1" }: { port?: number; host?: string } = {},
) {
  const webhook = new Webhook(secret);
  const seen = new Set<string>();
  const server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    let event: KuntoEvent;
    try {
      // Checks the signature and that the timestamp is within five minutes (replays are refused).
      event = webhook.verify(body, req.headers as Record<string, string>) as KuntoEvent;
    } catch {
      res.writeHead(400).end("bad signature");
      return;
    }
    const id = String(req.headers["webhook-id"]);
    // A resend or a retry carries the same webhook-id: act once.
    if (!seen.has(id)) {
      seen.add(id);
      onEvent(event, id);
    }
    res.writeHead(200).end("ok");
  });
  await new Promise<void>((resolve) => server.listen(port, host, () => resolve()));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}/kunto`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const secret = process.env.KUNTO_WEBHOOK_SECRET;
  if (!secret) throw new Error("Set KUNTO_WEBHOOK_SECRET to the endpoint's secret (whsec_...).");
  const receiver = await startWebhookReceiver(
    secret,
    (event) => console.log(event.type, JSON.stringify(event.data)),
    { port: Number(process.env.PORT ?? 8080), host: "0.0.0.0" },
  );
  console.log(`Receiving Kunto webhooks at ${receiver.url}`);
}
