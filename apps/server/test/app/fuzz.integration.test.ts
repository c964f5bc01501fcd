import { appRouter, exampleOf } from "@kunto/api";
import { generatePublicKey, generateToken, hashToken } from "@kunto/auth";
import { schema } from "@kunto/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Actor } from "../support/harness";
import { asOwner, connect, startServer } from "../support/harness";
import {
  ACTOR_NAMES,
  type ActorName,
  internalsShown,
  type Json,
  operationFixtures,
  type RestOperation,
  restOperations,
  restRequest,
} from "../support/operations";

/**
 * Issue 6.11: hostile values in every field of every REST operation (from the served OpenAPI
 * document) and every tRPC procedure (from the router), as anonymous, member and admin. Any 5xx, or
 * an error body showing more than its key, fails. Each hostile value goes once into each operation
 * (in turn into each of its fields), not the full cross product, so the run stays short on 2 cores.
 */
const DEPTH = 5_000;
const MEGABYTE = 1_000_000;

/** Raw JSON text, so the deep values are never built (or stringified) as objects here. */
const HOSTILE: Array<{ name: string; json: string }> = [
  { name: "NUL", json: JSON.stringify("a\u0000b") },
  { name: "lone high surrogate", json: '"x\\ud800y"' },
  { name: "lone low surrogate", json: '"\\udfff"' },
  { name: "NUL in a key", json: '{"a\\u0000b": 1}' },
  { name: "5,000-deep array", json: `${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}` },
  { name: "5,000-deep object", json: `${'{"a":'.repeat(DEPTH)}1${"}".repeat(DEPTH)}` },
  { name: "1 MB string", json: JSON.stringify("x".repeat(MEGABYTE)) },
  { name: "huge number", json: "1e308" },
  { name: "beyond double", json: "1e400" },
  { name: "beyond safe integer", json: "90071992547409931" },
  { name: "negative", json: "-1" },
  { name: "negative huge", json: "-1e308" },
  { name: "fraction", json: "0.5" },
  { name: "boolean", json: "true" },
  { name: "null", json: "null" },
  { name: "array", json: "[1,2]" },
  { name: "object", json: '{"__proto__":{"admin":true}}' },
  { name: "number as text", json: '"12"' },
];

/** What a URL can carry in a path or query parameter. */
const HOSTILE_IN_URL = [
  "%00",
  "a%00b",
  "%ED%A0%80",
  "%F0%9F",
  "x".repeat(8_000),
  encodeURIComponent(`${"[".repeat(1_000)}${"]".repeat(1_000)}`),
  "-1",
  "1e400",
  "99999999999999999999999",
  "%7B%22a%22%3A1%7D",
  "..%2F..%2Fetc%2Fpasswd",
];

/** The example input with one field's value replaced by raw JSON text. */
function withField(example: Record<string, unknown>, field: string | null, json: string): string {
  if (field === null) return json;
  const marker = "\u0001HOSTILE\u0001";
  return JSON.stringify({ ...example, [field]: marker }).replace(JSON.stringify(marker), json);
}

/** Each hostile value once, spread over the fields in turn; the whole input as well. */
function variants(
  example: Record<string, unknown>,
): Array<{ field: string | null; name: string; json: string }> {
  const fields = Object.keys(example);
  return HOSTILE.map((value, index) => {
    const field =
      fields.length === 0 || index % (fields.length + 1) === fields.length
        ? null
        : fields[index % (fields.length + 1)];
    return { field: field ?? null, ...value };
  });
}

const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
let fixtures: Awaited<ReturnType<typeof operationFixtures>>;
let doc: Json;
const failures: string[] = [];

beforeAll(async () => {
  server = await startServer(db.db);
  fixtures = await operationFixtures(db);
  doc = (await (await server.fetch("/api/openapi.json")).json()) as Json;
});
afterAll(async () => {
  await server.close();
  await db.close();
});

async function check(label: string, url: string, init: RequestInit) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (response.status >= 500) failures.push(`${label} → ${response.status} ${text.slice(0, 200)}`);
  const shown = internalsShown(response.status, text);
  if (shown) failures.push(`${label} → ${response.status} ${shown}: ${text.slice(0, 200)}`);
  return response.status;
}

/** A few requests at a time: enough to finish quickly, few enough for a loaded 2-core machine. */
async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

async function fuzzRest(
  op: RestOperation,
  actorName: string,
  actor: Actor,
  extraHeaders: Record<string, string> = {},
) {
  const calls: Array<{ label: string; url: string; init: RequestInit }> = [];
  const tenantId = fixtures.tenant.id;
  const urlParams = op.parameters.filter((p) => p.in === "path" || p.in === "query");
  urlParams.forEach((parameter, p) => {
    HOSTILE_IN_URL.forEach((value, v) => {
      // Each URL value once per operation, spread over its parameters.
      if (v % urlParams.length !== p) return;
      const { url, init } = restRequest(server.base, op, actor, tenantId, {
        params: { [String(parameter.name)]: value },
        encoded: true,
      });
      calls.push({ label: `${op.method} ${op.path} ${parameter.name}=${value.slice(0, 20)}`, url, init });
    });
  });
  if (op.example !== null) {
    for (const variant of variants(op.example)) {
      const { url, init } = restRequest(server.base, op, actor, tenantId, {
        body: withField(op.example, variant.field, variant.json),
      });
      calls.push({
        label: `${op.method} ${op.path} ${variant.field ?? "(body)"}: ${variant.name}`,
        url,
        init,
      });
    }
  }
  await inBatches(calls, 4, (call) =>
    check(`REST as ${actorName} ${call.label}`, call.url, {
      ...call.init,
      headers: { ...(call.init.headers as Record<string, string>), ...extraHeaders },
    }),
  );
}

type ProcedureDef = { _def: { type: string; inputs: unknown[] } };

function exampleInput(procedure: ProcedureDef): Record<string, unknown> {
  const input = procedure._def.inputs[0];
  if (!(input instanceof z.ZodType)) return {};
  const schema = z.toJSONSchema(input, { io: "input", unrepresentable: "any" }) as Json;
  const example = exampleOf(schema);
  return example && typeof example === "object" && !Array.isArray(example)
    ? (example as Record<string, unknown>)
    : {};
}

async function fuzzTrpc(path: string, procedure: ProcedureDef, actorName: ActorName, actor: Actor) {
  const example = exampleInput(procedure);
  const headers: Record<string, string> = { "x-tenant-id": fixtures.tenant.id, origin: server.base };
  if (actor.cookie) headers.cookie = actor.cookie;
  const calls = variants(example).map((variant) => {
    const input = withField(example, variant.field, variant.json);
    const label = `tRPC ${path} as ${actorName} ${variant.field ?? "(input)"}: ${variant.name}`;
    if (procedure._def.type === "query") {
      // A URL cannot carry a megabyte; the query gets the longest a URL may.
      const text =
        input.length > 12_000 ? withField(example, variant.field, JSON.stringify("x".repeat(8_000))) : input;
      return {
        label,
        url: `${server.base}/trpc/${path}?input=${encodeURIComponent(text)}`,
        init: { headers },
      };
    }
    return {
      label,
      url: `${server.base}/trpc/${path}`,
      init: { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: input },
    };
  });
  await inBatches(calls, 4, (call) => check(call.label, call.url, call.init));
}

describe("issue 6.11: no input causes a 5xx", () => {
  it("fuzzes every REST operation as anonymous, member and admin", async () => {
    failures.length = 0;
    const operations = restOperations(doc);
    expect(operations.length).toBeGreaterThan(30);
    for (const op of operations) {
      const actors = await fixtures.actors();
      for (const name of ACTOR_NAMES) await fuzzRest(op, name, actors[name]);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("issue 20: fuzzes every REST operation with a write API key (no cookie)", async () => {
    failures.length = 0;
    const actors = await fixtures.actors();
    const maker = actors.admin.userId ?? "";
    const anonymous: Actor = { name: "api key", cookie: null, userId: null };
    let lastKey = "";
    for (const op of restOperations(doc)) {
      // A key of its own per operation: the per-key rate limit never turns the fuzz into 429s.
      const publicKey = generatePublicKey();
      const privateKey = generateToken();
      await asOwner(db.owner, (tx) =>
        tx.insert(schema.apiKeys).values({
          tenantId: fixtures.tenant.id,
          name: "Fuzz",
          publicKey,
          secretHash: hashToken(privateKey),
          scope: "write",
          expireAt: new Date(Date.now() + 86_400_000),
          createdBy: maker,
        }),
      );
      await fuzzRest(op, "api key", anonymous, { authorization: `Bearer ${publicKey}.${privateKey}` });
      lastKey = `${publicKey}.${privateKey}`;
    }
    expect(failures).toEqual([]);
    // The keys were real: the last one still reads the organisation's surveys.
    const read = await fetch(`${server.base}/api/tenant/survey`, {
      headers: { authorization: `Bearer ${lastKey}` },
    });
    expect(read.status).toBe(200);
  }, 600_000);

  it("fuzzes every tRPC procedure as anonymous, member and admin", async () => {
    failures.length = 0;
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>);
    expect(procedures.length).toBeGreaterThan(40);
    for (const [path, procedure] of procedures) {
      const actors = await fixtures.actors();
      for (const name of ACTOR_NAMES) await fuzzTrpc(path, procedure, name, actors[name]);
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
