import { randomInt } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";

/**
 * Helpers of the contract tests (issue 20.3): a client that keeps cookies as a generated client
 * with credentials does, and the check of an answer against the OpenAPI document the server serves.
 */
export type Json = Record<string, unknown>;

/** An address of its own per client: per-address limits of other tests never decide an answer here. */
export const clientAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/**
 * A plain fetch client with a cookie jar: it sends back every cookie an answer set, forgets one an
 * answer cleared, and sends the Origin the document asks of writes that carry the cookie.
 */
export function cookieClient(base: string, address = clientAddress()) {
  const jar = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const sent: Record<string, string> = { "x-forwarded-for": address, ...headers };
    if (jar.size > 0) {
      sent.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      if (method !== "GET") sent.origin = base;
    }
    if (body !== undefined) sent["content-type"] = "application/json";
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: sent,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (value === "" || /max-age=0/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as Json,
    };
  };
  return { jar, call };
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

function lookup(doc: Json, ref: string): Json {
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, "").split("/")) node = (node as Json)[part];
  return node as Json;
}

/** The documented answer of an operation for a status ($ref resolved); fails when there is none. */
export function documentedResponse(doc: Json, method: string, path: string, status: number): Json {
  const operation = (doc.paths as Record<string, Record<string, Json>>)[path]?.[method.toLowerCase()];
  expect(operation, `${method} ${path} is documented`).toBeDefined();
  const response = ((operation?.responses ?? {}) as Record<string, Json>)[String(status)];
  expect(response, `${method} ${path} documents ${status}`).toBeDefined();
  return response?.$ref ? lookup(doc, String(response.$ref)) : (response as Json);
}

/** The names of the headers a documented answer declares. */
export const documentedHeaders = (response: Json) => Object.keys((response.headers ?? {}) as Json);

/** Fails unless the body validates against the schema (its #/components references resolved in the document). */
export function expectValid(doc: Json, schema: Json, body: unknown, label: string) {
  const validate = ajv.compile({ ...schema, components: doc.components });
  expect(validate(body), `${label}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body)}`).toBe(
    true,
  );
}

/** Fails unless the answer is documented for the operation and its body matches that answer's schema. */
export function expectConforms(
  doc: Json,
  method: string,
  path: string,
  answer: { status: number; body: unknown },
) {
  const response = documentedResponse(doc, method, path, answer.status);
  const schema = ((response.content as Json)["application/json"] as Json).schema as Json;
  expectValid(doc, schema, answer.body, `${method} ${path} → ${answer.status}`);
  return response;
}
