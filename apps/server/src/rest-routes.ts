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
let routes: Map<string, Route[]> | null = null;

/**
 * A path's bucket: its number of segments and its first segment (no documented path begins with a
 * parameter), so a call tests the few patterns of its own bucket, not every documented one.
 */
const bucketOf = (segments: string[]) => `${segments.length}/${segments[0]?.toLowerCase() ?? ""}`;

/**
 * Every documented operation's path as the adapter matches it (`{name}` one segment, any case),
 * read from the OpenAPI document once, on the first call that needs it: the document also holds
 * the operations served beside the adapter (pictures, downloads).
 */
function documentedRoutes(): Map<string, Route[]> {
  if (!routes) {
    routes = new Map();
    const paths = openApiDocument("/api").paths as Record<string, Record<string, unknown>>;
    for (const [path, item] of Object.entries(paths)) {
      if (path.startsWith("/{")) throw new Error(`a documented path begins with a parameter: ${path}`);
      const template = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
      const pattern = new RegExp(`^${template}$`, "i");
      const bucket = bucketOf(path.split("/").slice(1));
      const list = routes.get(bucket) ?? [];
      for (const method of Object.keys(item)) list.push({ pattern, method: method.toUpperCase() });
      routes.set(bucket, list);
    }
  }
  return routes;
}

/** The methods documented for a path (relative to /api), or null when no documented path matches it. */
export function allowedMethods(path: string): string[] | null {
  const normalised = `/${path.replace(/^\/|\/$/g, "")}`;
  const candidates = documentedRoutes().get(bucketOf(normalised.split("/").slice(1))) ?? [];
  const methods = new Set(
    candidates.filter((route) => route.pattern.test(normalised)).map((route) => route.method),
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
