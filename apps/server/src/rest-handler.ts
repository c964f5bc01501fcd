import type { IncomingMessage, ServerResponse } from "node:http";
import { appRouter, type Context, retryAfterHeaders } from "@kunto/api";
import { TRPCError } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { allowedMethods, decodePath, methodNotAllowed } from "./rest-routes";

/**
 * The REST adapter over the same procedures. trpc-to-openapi's own fetch adapter rebuilds its
 * route table (and outside production regenerates the whole OpenAPI document) on every request;
 * this builds the node handler once and feeds it Fetch requests.
 */
type MakeContext = () => Promise<Context>;
type ProxiedRequest = IncomingMessage & { kuntoContext: MakeContext };

export function createRestHandler(endpoint: string) {
  const handler = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: ({ req }: { req: IncomingMessage }) => (req as ProxiedRequest).kuntoContext(),
    // A refusal that knows when it ends (a full rate limit, a full demo) says so (issue 17.5).
    responseMeta: ({ errors }: { errors: readonly TRPCError[] }) => ({ headers: retryAfterHeaders(errors) }),
  } as unknown as Parameters<typeof createOpenApiNodeHttpHandler>[0]);

  return async (request: Request, makeContext: MakeContext): Promise<Response> => {
    const url = new URL(request.url);
    url.pathname = decodePath(url.pathname.slice(endpoint.length)) || "/";
    // A documented path called with another method: 405 and Allow, not 404 (issue 20.3). HEAD
    // stays the adapter's (its warm-up answer).
    if (request.method !== "HEAD") {
      const allowed = allowedMethods(url.pathname);
      if (allowed && !allowed.includes(request.method)) return methodNotAllowed(allowed);
    }
    const text = await request.text();
    let body: unknown;
    let bodyError: unknown = null;
    let headers = request.headers;
    if (text) {
      // Any other media type is refused by the adapter with 415 (unsupported_media_type).
      if ((headers.get("content-type") ?? "").includes("application/json")) {
        try {
          body = JSON.parse(text);
        } catch (error) {
          bodyError = error;
        }
      }
    } else {
      // A call without a body (set-language, role, enable, sign-out) needs no Content-Type: there is
      // nothing to describe. The adapter insists on one, so it is told JSON (issue 6.12).
      headers = new Headers(headers);
      headers.set("content-type", "application/json");
    }
    // Document 3's paged POST lists send page, size and sort in the query and the filters in the
    // body: the query's parameters join the body (the body's own keys win).
    if (request.method === "POST" && url.search && (body === undefined || isPlainObject(body)))
      body = { ...Object.fromEntries(url.searchParams), ...(body as object | undefined) };
    // A proxy over the real Request (as the library's fetch adapter does): it stays a Request for
    // content-type and abort-signal checks, with the endpoint-relative URL and the parsed body.
    const req = new Proxy(request, {
      get(target, prop) {
        if (prop === "url") return url.toString();
        if (prop === "kuntoContext") return makeContext;
        if (prop === "headers") return headers;
        if (prop === "body") {
          if (bodyError)
            throw new TRPCError({ code: "PARSE_ERROR", message: "validation_failed", cause: bodyError });
          return body;
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return new Promise<Response>((resolve) => {
      const responseHeaders = new Headers();
      let statusCode = 200;
      const res = {
        setHeader: (key: string, value: string | string[]) => {
          if (typeof value === "string") responseHeaders.set(key, value);
          else for (const v of value) responseHeaders.append(key, v);
        },
        get statusCode() {
          return statusCode;
        },
        set statusCode(code: number) {
          statusCode = code;
        },
        end: (chunk?: string) =>
          resolve(new Response(chunk ?? null, { status: statusCode, headers: responseHeaders })),
      };
      void handler(req as unknown as IncomingMessage, res as unknown as ServerResponse);
    });
  };
}

const isPlainObject = (value: unknown): value is object =>
  typeof value === "object" && value !== null && !Array.isArray(value);
