import { openApiDocument } from "@kunto/api";

/**
 * What the REST handler settles before the adapter matches a path (issue 20.3): percent-escapes a
 * path may carry as they are, and a wrong method on a documented path.
 */

/** RFC 3986 `pchar` less `.`: letters, digits, `-_~`, the sub-delims, `:` and `@`. */
const SAFE_IN_SEGMENT = /^[A-Za-z0-9\-_~!$&'()*+,;=:@]$/;

/**
 * Decodes the escapes of characters a path segment may carry as they are: the adapter hands path
 * parameters on undecoded, so the `%2C` a generated client writes between report keys named no
 * survey. `/`, `.`, `%` and everything else stay encoded: decoding them could change which path is
 * meant (`%2F` a segment boundary, `%2E%2E` a parent segment once the URL is rebuilt).
 */
export function decodePath(pathname: string): string {
  return pathname.replace(/%[0-9A-Fa-f]{2}/g, (encoded) => {
    const char = String.fromCharCode(Number.parseInt(encoded.slice(1), 16));
    return SAFE_IN_SEGMENT.test(char) ? char : encoded;
  });
}

type Route = { pattern: RegExp; method: string };
let routes: Route[] | null = null;

/**
 * Every documented operation's path as the adapter matches it (`{name}` one segment, any case),
 * read from the OpenAPI document once, on the first call that needs it: the document also holds
 * the operations served beside the adapter (pictures, downloads).
 */
function documentedRoutes(): Route[] {
  if (!routes) {
    const paths = openApiDocument("/api").paths as Record<string, Record<string, unknown>>;
    routes = Object.entries(paths).flatMap(([path, item]) => {
      const template = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
      const pattern = new RegExp(`^${template}$`, "i");
      return Object.keys(item).map((method) => ({ pattern, method: method.toUpperCase() }));
    });
  }
  return routes;
}

/** The methods documented for a path (relative to /api), or null when no documented path matches it. */
export function allowedMethods(path: string): string[] | null {
  const normalised = `/${path.replace(/^\/|\/$/g, "")}`;
  const methods = new Set(
    documentedRoutes()
      .filter((route) => route.pattern.test(normalised))
      .map((route) => route.method),
  );
  return methods.size > 0 ? [...methods].sort() : null;
}

/** 405 with the methods the path answers, in the one error body. */
export function methodNotAllowed(allowed: string[]): Response {
  return new Response(
    JSON.stringify({
      message: "method_not_allowed",
      code: "METHOD_NOT_SUPPORTED",
      error_key: "method_not_allowed",
    }),
    { status: 405, headers: { "content-type": "application/json", allow: allowed.join(", ") } },
  );
}
