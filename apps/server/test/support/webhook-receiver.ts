import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One POST the receiver got, with whether its signature verified against the endpoint's secret. */
export interface Received {
  id: string;
  timestamp: string;
  verified: boolean;
  type: string;
  data: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

/**
 * A webhook receiver on loopback for the tests (issue 20.4): it checks each delivery's signature with
 * the `standardwebhooks` package, as an integrator's receiver would, and answers the status the test
 * asks for (in turn, then 200).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  let secret = "";
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified = false;
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      const parsed = JSON.parse(body) as { type: string; data: Record<string, unknown> };
      received.push({
        id: String(req.headers["webhook-id"]),
        timestamp: String(req.headers["webhook-timestamp"]),
        verified,
        type: parsed.type,
        data: parsed.data,
        headers: req.headers,
      });
      const status = answers.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "thanks" : "broken");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** The next answers, in turn (e.g. [500, 500]: two failures, then 200s). */
    answerWith: (...statuses: number[]) => answers.push(...statuses),
    useSecret: (value: string) => {
      secret = value;
    },
    ofType: (type: string) => received.filter((r) => r.type === type),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls until `check` holds (the delivery job works in the background), failing after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
