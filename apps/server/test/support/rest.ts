import { request as httpRequest } from "node:http";
import { type AppRouter, appRouter } from "@kunto/api";
import { type ErrorKey, isErrorKey } from "@kunto/core";
import type { inferRouterOutputs } from "@trpc/server";
import { z } from "zod";
import type { Actor } from "./harness";

/**
 * The one HTTP call helper of the integration tests: `rest` sends a call as the web client does and
 * answers the status, the headers, the text and the parsed JSON (`unknown`). A body is read through
 * `outputOf` (a success, checked against the output schema of the procedure that answers the path)
 * or `errorOf` (an error answer, checked against the one error shape).
 */

/** What a call needs of a server: its address and a fetch (`startServer` answers both). */
export interface RestServer {
  base: string;
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
}

export interface RestRequest {
  method: string;
  /** The path on the server with its query: "/api/tenant/user", "/trpc/auth.signIn". */
  path: string;
  /** Sends the actor's session cookie, if it has one. */
  actor?: Actor | null;
  /** A Cookie header as it is (instead of an actor's). */
  cookie?: string;
  /** Sent as X-tenant-id. */
  tenantId?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** The Origin a browser sends: the server's own address unless named; none when null. */
  origin?: string | null;
  /** More headers, applied last. */
  headers?: Record<string, string>;
  /** The local (loopback) address to speak from: the call then goes through node:http, which binds it. */
  from?: string;
}

export interface RestAnswer {
  request: { method: string; path: string };
  status: number;
  headers: Headers;
  text: string;
  /** The JSON of the answer, null when it is empty. */
  body: unknown;
}

export async function rest(server: RestServer, call: RestRequest): Promise<RestAnswer> {
  const headers: Record<string, string> = {};
  const origin = call.origin === undefined ? server.base : call.origin;
  if (origin !== null) headers.origin = origin;
  const cookie = call.cookie ?? call.actor?.cookie;
  if (cookie) headers.cookie = cookie;
  if (call.tenantId) headers["x-tenant-id"] = call.tenantId;
  if (call.body !== undefined) headers["content-type"] = "application/json";
  Object.assign(headers, call.headers);
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  const {
    status,
    headers: answerHeaders,
    text,
  } = call.from === undefined
    ? await viaFetch(server, call.method, call.path, headers, payload)
    : await viaNodeHttp(server, call.method, call.path, headers, payload, call.from);
  return {
    request: { method: call.method, path: call.path },
    status,
    headers: answerHeaders,
    text,
    body: text ? JSON.parse(text) : null,
  };
}

interface Received {
  status: number;
  headers: Headers;
  text: string;
}

async function viaFetch(
  server: RestServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<Received> {
  const response = await server.fetch(path, { method, headers, body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

function viaNodeHttp(
  server: RestServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  localAddress: string,
): Promise<Received> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, server.base), { method, localAddress, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      res.on("end", () => {
        const received = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
            received.append(name, one);
        }
        resolve({ status: res.statusCode ?? 0, headers: received, text });
      });
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

type Outputs = inferRouterOutputs<AppRouter>;

/** Every procedure by its dotted name: "tenant.addUser", "survey.create", … */
export type ProcedureName = {
  [R in keyof Outputs & string]: `${R}.${keyof Outputs[R] & string}`;
}[keyof Outputs & string];

/** What the named procedure answers (its output schema's type, as tRPC infers it). */
export type OutputOf<N extends ProcedureName> = N extends `${infer R extends keyof Outputs}.${infer P}`
  ? P extends keyof Outputs[R]
    ? Outputs[R][P]
    : never
  : never;

const ZProcedureDef = z.object({
  output: z.instanceof(z.ZodType),
  meta: z.object({ openapi: z.object({ method: z.string(), path: z.string() }).optional() }).optional(),
});

/** The router's procedures by dotted name, as tRPC keeps them at run time. */
const procedures = new Map<string, unknown>(Object.entries(appRouter._def.procedures));

function definitionOf(name: ProcedureName) {
  const procedure = procedures.get(name);
  if (typeof procedure !== "function" || !("_def" in procedure)) throw new Error(`no procedure ${name}`);
  return ZProcedureDef.parse(procedure._def);
}

/** The path of a call without its query string. */
const pathOf = (path: string) => path.split("?")[0] ?? path;

/** Fails unless `name` is the procedure that answers this call: its REST method and path, or its /trpc path. */
function assertAnsweredBy(name: ProcedureName, answer: RestAnswer) {
  const { method, path } = answer.request;
  if (pathOf(path) === `/trpc/${name}`) return;
  const openapi = definitionOf(name).meta?.openapi;
  const template = openapi?.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
  const route = template && new RegExp(`^/api${template}$`);
  if (!route || openapi?.method !== method.toUpperCase() || !route.test(pathOf(path)))
    throw new Error(`${name} does not answer ${method} ${path}`);
}

/** Narrows a value to the procedure's output once its output schema accepts it. */
function assertOutput<N extends ProcedureName>(name: N, value: unknown): asserts value is OutputOf<N> {
  definitionOf(name).output.parse(value);
}

/**
 * The body of a successful call, read as the output of the procedure that answered it: a REST call
 * to one of the procedure's paths, or a /trpc call of it (its `result.data`). The body is checked
 * against the procedure's output schema and handed back as sent, so a key the schema does not
 * know stays visible to the test.
 */
export function outputOf<N extends ProcedureName>(name: N, answer: RestAnswer): OutputOf<N> {
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${name}: expected a success, got ${answer.status} ${answer.text}`);
  assertAnsweredBy(name, answer);
  const body = pathOf(answer.request.path).startsWith("/trpc/")
    ? z.object({ result: z.object({ data: z.unknown() }) }).parse(answer.body).result.data
    : answer.body;
  assertOutput(name, body);
  return body;
}

const ZErrorKey = z.custom<ErrorKey>(isErrorKey, "not an error key");
const ZErrorData = z.object({
  code: z.string(),
  httpStatus: z.number(),
  path: z.string().nullish(),
  error_key: ZErrorKey,
  fields: z.record(z.string(), z.string()).optional(),
});

/** Every REST error answer (rest-errors.ts, the OpenAPI document's error schema). */
export const ZRestError = z.object({
  message: z.string(),
  code: z.string(),
  error_key: ZErrorKey,
  /** Present when a procedure answered. */
  data: ZErrorData.optional(),
});

/** The error of a /trpc answer, as the errorFormatter of trpc.ts shapes it (`code` is JSON-RPC's). */
export const ZTrpcError = z.object({
  message: z.string(),
  code: z.number(),
  error_key: ZErrorKey,
  data: ZErrorData,
});

export type ErrorBody = z.infer<typeof ZRestError> | z.infer<typeof ZTrpcError>;

/** The error of a call that failed (4xx or 5xx): the REST body, or the `error` of a /trpc answer. */
export function errorOf(answer: RestAnswer): ErrorBody {
  if (answer.status < 400)
    throw new Error(
      `${answer.request.method} ${answer.request.path}: expected an error, got ${answer.status} ${answer.text}`,
    );
  return pathOf(answer.request.path).startsWith("/trpc/")
    ? z.object({ error: ZTrpcError }).parse(answer.body).error
    : ZRestError.parse(answer.body);
}
