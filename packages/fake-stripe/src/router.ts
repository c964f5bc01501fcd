import type { IncomingMessage, ServerResponse } from "node:http";
import type { FormObject } from "./form";
import type { FakeState } from "./state";

export interface ApiContext {
  state: FakeState;
  /** The path's captured groups. */
  params: string[];
  /** The query string merged with the form body. */
  form: FormObject;
}

/** An API route answers a JSON value (sent with status 200) or throws a StripeApiError. */
export interface ApiRoute {
  method: "GET" | "POST" | "DELETE";
  path: RegExp;
  handler: (ctx: ApiContext) => unknown;
}

export interface PageContext extends ApiContext {
  /** The raw request body. */
  body: string;
  req: IncomingMessage;
  res: ServerResponse;
}

/** A hosted page (no API key) writes its own answer. */
export interface PageRoute {
  method: "GET" | "POST";
  path: RegExp;
  handler: (ctx: PageContext) => void | Promise<void>;
}

export function match<R extends { method: string; path: RegExp }>(
  routes: R[],
  method: string,
  path: string,
): { route: R; params: string[] } | { route: null; methodMismatch: boolean } {
  let methodMismatch = false;
  for (const route of routes) {
    const found = route.path.exec(path);
    if (!found) continue;
    if (route.method === method)
      return { route, params: found.slice(1).map((p) => decodeURIComponent(p ?? "")) };
    methodMismatch = true;
  }
  return { route: null, methodMismatch };
}
