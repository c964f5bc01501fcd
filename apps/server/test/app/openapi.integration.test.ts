import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, startServer } from "../support/harness";
import {
  ACTOR_NAMES,
  type Json,
  operationFixtures,
  type RestCall,
  type RestOperation,
  restOperations,
  restRequest,
} from "../support/operations";

/**
 * Issue 6.13: every operation of /api/openapi.json is called (as anonymous, member and admin, with
 * the document's own examples, and with inputs that fail in each documented way) and every answer,
 * errors included, must have a documented status and match that status's schema. The document
 * itself must lint without errors.
 */
const db = connect();
let server: Awaited<ReturnType<typeof startServer>>;
let doc: Json;
let fixtures: Awaited<ReturnType<typeof operationFixtures>>;

beforeAll(async () => {
  server = await startServer(db.db);
  doc = (await (await server.fetch("/api/openapi.json")).json()) as Json;
  fixtures = await operationFixtures(db);
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

function schemaOf(response: Json): { schema: Json | null; types: string[] } {
  const resolved = response.$ref ? lookup(String(response.$ref)) : response;
  const content = (resolved.content ?? {}) as Record<string, Json>;
  return {
    schema: (content["application/json"]?.schema as Json | undefined) ?? null,
    types: Object.keys(content),
  };
}

function lookup(ref: string): Json {
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, "").split("/")) node = (node as Json)[part];
  return node as Json;
}

/** Calls the operation and checks the answer against the document; returns the status. */
async function conforms(op: RestOperation, actorName: (typeof ACTOR_NAMES)[number], call: RestCall = {}) {
  const actors = await fixtures.actors();
  const { url, init } = restRequest(server.base, op, actors[actorName], fixtures.tenant.id, call);
  const response = await fetch(url, init);
  const label = `${op.method} ${op.path} as ${actorName} ${JSON.stringify(call).slice(0, 80)} → ${response.status}`;
  const documented = op.operation.responses[String(response.status)];
  expect(documented, `${label}: status not documented`).toBeDefined();
  const { schema, types } = schemaOf(documented as Json);
  const type = response.headers.get("content-type") ?? "";
  expect(
    types.some((t) => type.startsWith(t)),
    `${label}: content-type ${type} not among ${types}`,
  ).toBe(true);
  if (schema && type.startsWith("application/json")) {
    const body = await response.json();
    // The document is the root, so the schema's #/components/... references resolve.
    const validate = ajv.compile({ ...schema, components: doc.components });
    const valid = validate(body);
    expect(
      valid,
      `${label}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`,
    ).toBe(true);
  } else {
    await response.arrayBuffer();
  }
  return response.status;
}

describe("issue 6.13: the OpenAPI document describes the API as it is", () => {
  it("lints without errors (Redocly's recommended rules, offline)", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: `${server.base}/api/openapi.json`,
      config,
    });
    const errors = problems.filter((p) => p.severity === "error");
    expect(errors.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it("declares the session cookie, X-tenant-id on account calls, Origin on writes, and every operation's words", () => {
    const components = doc.components as Json;
    expect(components.securitySchemes).toEqual({
      sessionCookie: expect.objectContaining({ type: "apiKey", in: "cookie", name: "kunto_session" }),
      // Issue 20: API keys for integrators (api-keys.integration.test.ts checks where they apply).
      apiKey: expect.objectContaining({ type: "http", scheme: "bearer" }),
    });
    const tagNames = ((doc.tags ?? []) as Json[]).map((tag) => tag.name);
    for (const op of restOperations(doc)) {
      const label = `${op.method} ${op.path}`;
      const { operation } = op;
      expect(operation.operationId, label).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(operation.summary, label).toBeTruthy();
      expect(operation.description, label).toBeTruthy();
      expect(
        (operation.tags as string[]).every((tag) => tagNames.includes(tag)),
        label,
      ).toBe(true);
      const names = op.parameters.map((p) => `${p.in}:${p.name}`);
      if (String(operation.description).includes("X-tenant-id"))
        expect(names, label).toContain("header:X-tenant-id");
      if (op.method !== "GET") expect(names, label).toContain("header:Origin");
      for (const status of ["400", "500"])
        if (op.path !== "/public/image/{key}")
          expect(operation.responses[status], `${label} ${status}`).toBeDefined();
    }
    expect(restOperations(doc).map((op) => `${op.method} ${op.path}`)).toContain("GET /public/image/{key}");
  });

  it("issue 17: declares 503 with Retry-After everywhere (the database away) and the conflicts the new rules answer", () => {
    const responseOf = (method: string, path: string, status: string) => {
      const op = restOperations(doc).find((o) => o.method === method && o.path === path);
      const response = op?.operation.responses[status] as Json | undefined;
      return response?.$ref ? lookup(String(response.$ref)) : response;
    };
    for (const op of restOperations(doc)) {
      const unavailable = responseOf(op.method, op.path, "503");
      expect(unavailable, `${op.method} ${op.path} 503`).toBeDefined();
      expect(Object.keys((unavailable?.headers ?? {}) as Json)).toContain("Retry-After");
    }
    /** The 409 answer of an operation, with its error keys (empty when it declares none). */
    const conflictKeys = (method: string, path: string) =>
      JSON.stringify(responseOf(method, path, "409") ?? {});
    expect(conflictKeys("DELETE", "/tenant/surveyshare/{key}")).toContain("share_has_answers");
    expect(conflictKeys("PUT", "/tenant/survey/{key}")).toContain("survey_start_after_answers");
    expect(conflictKeys("POST", "/shared/taskvoting")).toContain("task_done");
    expect(JSON.stringify(responseOf("GET", "/tenant/survey/{key}", "503"))).toContain("service_unavailable");
  });

  it("calls every operation with its examples and validates every answer", async () => {
    const seen = new Set<number>();
    for (const op of restOperations(doc)) {
      for (const actor of ACTOR_NAMES) seen.add(await conforms(op, actor));
    }
    expect([...seen]).toEqual(expect.arrayContaining([200, 401, 403]));
  }, 180_000);

  it("validates the error answers: bad input, wrong media type, foreign origin, unknown objects", async () => {
    const seen = new Set<number>();
    for (const op of restOperations(doc)) {
      const wrongTypes = Object.fromEntries(op.parameters.map((p) => [String(p.name), "%00"]));
      seen.add(await conforms(op, "admin", { params: wrongTypes, encoded: true }));
      if (op.example !== null) {
        const wrongBody = Object.fromEntries(Object.keys(op.example).map((key) => [key, { wrong: [1] }]));
        seen.add(await conforms(op, "admin", { body: JSON.stringify(wrongBody) }));
        seen.add(await conforms(op, "admin", { body: "{not json" }));
        seen.add(await conforms(op, "admin", { body: "key=value", contentType: "text/plain" }));
      }
      if (op.method !== "GET") seen.add(await conforms(op, "admin", { origin: "https://evil.example" }));
      // The example once more: what it created now exists.
      seen.add(await conforms(op, "admin"));
    }
    expect([...seen]).toEqual(expect.arrayContaining([400, 403, 404, 409, 415]));
  }, 180_000);
});
