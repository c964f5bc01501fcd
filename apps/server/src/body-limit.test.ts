import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { declaredBodyLimit } from "./body-limit";

/** An app whose one route answers the length of the body it read. */
function app() {
  const hono = new Hono();
  hono.use(
    "*",
    declaredBodyLimit(100, (c) => c.json({ error_key: "payload_too_large" }, 413)),
  );
  hono.post("/", async (c) => c.json({ read: (await c.req.text()).length }));
  return hono;
}

/** A body stream of `size` bytes in chunks of 10, which counts how many chunks were pulled. */
function stream(size: number) {
  const pulled = { chunks: 0 };
  let left = size;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (left <= 0) return controller.close();
        pulled.chunks++;
        const chunk = new Uint8Array(Math.min(10, left)).fill(120);
        left -= chunk.length;
        controller.enqueue(chunk);
      },
    },
    // Nothing is pulled before a reader asks.
    { highWaterMark: 0 },
  );
  return { body, pulled };
}

/** A streamed request body needs `duplex: "half"` (Fetch), which the DOM's RequestInit does not name yet. */
type StreamedInit = RequestInit & { duplex: "half" };

const post = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) => {
  const init: StreamedInit = { method: "POST", body, headers, duplex: "half" };
  return app().request("/", init);
};

describe("issue 24: the body limit", () => {
  it("judges a declared length by its header alone, over the limit without reading the body", async () => {
    const over = stream(500);
    const refused = await post(over.body, { "content-length": "500" });
    expect(refused.status).toBe(413);
    expect(over.pulled.chunks).toBe(0);
    const within = stream(100);
    const read = await post(within.body, { "content-length": "100" });
    expect(await read.json()).toEqual({ read: 100 });
  });

  it("leaves a declared body's stream alone for the route to read (on Node, asking for it builds a Fetch Request)", async () => {
    const touched: string[] = [];
    const request = new Request("http://kunto.test/", {
      method: "POST",
      body: "{}",
      headers: { "content-length": "2" },
    });
    const watched = new Proxy(request, {
      get(target, prop) {
        if (prop === "body") touched.push("body");
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const hono = new Hono();
    hono.use(
      "*",
      declaredBodyLimit(100, (c) => c.json({ error_key: "payload_too_large" }, 413)),
    );
    hono.post("/", (c) => c.json({ touched: [...touched] }));
    expect(await (await hono.fetch(watched)).json()).toEqual({ touched: [] });
  });

  it("counts a body that declares no length as it streams: refused once past the limit", async () => {
    const over = stream(500);
    const refused = await post(over.body);
    expect(refused.status).toBe(413);
    expect(over.pulled.chunks).toBeLessThan(50);
    const within = stream(100);
    expect(await (await post(within.body)).json()).toEqual({ read: 100 });
  });

  it("counts a body that declares a length but is sent chunked as it streams", async () => {
    const over = stream(500);
    const refused = await post(over.body, { "content-length": "50", "transfer-encoding": "chunked" });
    expect(refused.status).toBe(413);
  });
});
