import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type AppRouter, appRouter, openApiDocument, retryAfterHeaders } from "@kunto/api";
import { contentDisposition, MAX_TRPC_BATCH } from "@kunto/core";
import { isDatabaseUnavailable, schema, withScope } from "@kunto/db";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { eq } from "drizzle-orm";
import { Hono, type MiddlewareHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import { secureHeaders } from "hono/secure-headers";
import { apiDocsRoutes } from "./api-docs";
import { auditExportHandler } from "./audit-export";
import { declaredBodyLimit } from "./body-limit";
import { type ContextDeps, createRequestContext, withCookies } from "./context";
import { csrfGuard } from "./csrf";
import { reportExportHandler } from "./report-export/route";
import { RETRY_AFTER_SECONDS, withErrorKey } from "./rest-errors";
import { createRestHandler } from "./rest-handler";
import { stripeWebhookHandler } from "./stripe-webhook";

export interface AppOptions extends ContextDeps {
  webDist: string;
  bodyLimitBytes: number;
  /** Reports whether the database answers; used by /readyz (not ready after READY_TIMEOUT_MS). */
  ready: () => Promise<boolean>;
  /** Extra routes registered before the web client's catch-all (the benchmark's bare route). */
  extend?: (app: Hono) => void;
}

export function createApp(options: AppOptions) {
  const app = new Hono();
  const deps: ContextDeps = { db: options.db, config: options.config, log: options.log };

  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(
    "*",
    declaredBodyLimit(options.bodyLimitBytes, (c) =>
      c.json(
        { message: "payload_too_large", code: "PAYLOAD_TOO_LARGE", error_key: "payload_too_large" },
        413,
      ),
    ),
  );
  app.use("*", csrfGuard(options.config.appUrl));
  // Answers about a signed-in person must not stay in a shared or browser cache (issue 6.14).
  app.use("/trpc/*", noStore);
  app.use("/api/*", noStore);
  // While the database is away calls answer 503 (issue 17.3): say when to try again.
  app.use("/trpc/*", retryLater);
  app.use("/api/*", retryLater);
  // A fault outside the procedures still answers with an error key, never a stack or SQL (issue 6.25).
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    if (isDatabaseUnavailable(error)) {
      options.log.warn({ path: c.req.path }, "database unavailable");
      return c.json(
        { message: "service_unavailable", code: "SERVICE_UNAVAILABLE", error_key: "service_unavailable" },
        503,
        { "retry-after": String(RETRY_AFTER_SECONDS) },
      );
    }
    options.log.error({ err: error, path: c.req.path }, "request failed");
    return c.json(
      { message: "internal_error", code: "INTERNAL_SERVER_ERROR", error_key: "internal_error" },
      500,
    );
  });

  // Liveness: the process answers, whatever the database does (a restart would not bring it back).
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  // Readiness: the database answers; a load balancer sends no traffic here while it does not.
  app.get("/readyz", async (c) =>
    (await answersWithin(options.ready(), READY_TIMEOUT_MS))
      ? c.json({ status: "ready" })
      : c.json({ status: "not ready" }, 503, { "retry-after": String(RETRY_AFTER_SECONDS) }),
  );

  app.all("/trpc/*", async (c) => {
    const setCookies: string[] = [];
    const response = await fetchRequestHandler<AppRouter>({
      endpoint: "/trpc",
      router: appRouter,
      req: c.req.raw,
      // One POST once ran 1,000 writes (issue 6.11); the web client's batch link has the same cap.
      maxBatchSize: MAX_TRPC_BATCH,
      createContext: () => createRequestContext(deps, c, setCookies, "trpc"),
      // A refusal that knows when it ends (a full rate limit, a full demo) says so (issue 17.5).
      responseMeta: ({ errors }) => ({ headers: retryAfterHeaders(errors) }),
    });
    return withCookies(response, setCookies);
  });

  app.get("/api/openapi.json", (c) =>
    c.json(openApiDocument(`${options.config.appUrl}/api`, options.config)),
  );
  app.route("/api-docs", apiDocsRoutes());

  // Profile pictures: binary, public by unguessable key (document 1 §7).
  app.get("/api/public/image/:key", async (c) => {
    const key = c.req.param("key");
    if (!IMAGE_KEY.test(key)) return c.json(NOT_FOUND, 404);
    const image = await withScope(options.db, { userId: null, tenantId: null }, async (tx) => {
      const [row] = await tx.select().from(schema.userImages).where(eq(schema.userImages.key, key));
      return row;
    });
    if (!image) return c.json(NOT_FOUND, 404);
    return c.body(new Uint8Array(image.data), 200, {
      "content-type": image.contentType,
      ...(image.fileName ? { "content-disposition": contentDisposition("inline", image.fileName) } : {}),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
  });

  // Report downloads (issue 8): binary answers, so beside the REST adapter, not through it.
  app.get("/api/tenant/reports/export/:format", reportExportHandler(deps));
  // Audit log downloads (issue 20.5): text/csv, beside the REST adapter like the reports.
  app.get("/api/tenant/audit/csv", auditExportHandler(deps, "tenant"));
  app.get("/api/admin/audit/csv", auditExportHandler(deps, "admin"));
  // Stripe's events (issue 21): the raw body, signed; beside the REST adapter like the downloads.
  app.post("/api/shared/stripe/webhook", stripeWebhookHandler(deps));

  const rest = createRestHandler("/api");
  app.all("/api/*", async (c) => {
    const setCookies: string[] = [];
    const response = await rest(c.req.raw, () => createRequestContext(deps, c, setCookies));
    return withCookies(await withErrorKey(response), setCookies);
  });

  options.extend?.(app);
  mountWebClient(app, options.webDist);
  return app;
}

const NOT_FOUND = { message: "not_found", code: "NOT_FOUND", error_key: "not_found" };
/** Image keys are random base32 tokens; anything else (NUL, surrogates, SQL) never reaches the database. */
const IMAGE_KEY = /^[A-Za-z0-9_-]{1,100}$/;

/** A database that has not answered `select 1` in this time is not ready. */
const READY_TIMEOUT_MS = 3000;

async function answersWithin(check: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

const retryLater: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status === 503 && !c.res.headers.has("retry-after"))
    c.res.headers.set("retry-after", String(RETRY_AFTER_SECONDS));
};

const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has("cache-control") && c.res.headers.get("content-type")?.includes("json"))
    c.res.headers.set("cache-control", "no-store");
};

/** The built React client, with the SPA fallback to index.html for client-side routes. */
function mountWebClient(app: Hono, webDist: string) {
  if (!existsSync(join(webDist, "index.html"))) {
    app.get("*", (c) => c.text("The web client is not built. Run `pnpm build`.", 503));
    return;
  }
  app.use(
    "/assets/*",
    serveStatic({
      root: webDist,
      precompressed: true, // .br / .gz siblings written by the web build
      onFound: (_p, c) => c.header("cache-control", "public, max-age=31536000, immutable"),
    }),
  );
  // The public respondent page (issue 7): its own small entry, at /public/ for every survey link.
  app.get("/public", (c) => c.redirect("/public/", 301));
  app.get("/public/", async (c) =>
    c.html(await readFile(join(webDist, "respondent.html"), "utf8"), 200, { "cache-control": "no-cache" }),
  );
  // The sign-in page (issue 19.13): its own small entry too, so signing in does not wait for the app.
  app.get("/login", async (c) =>
    c.html(await readFile(join(webDist, "sign-in.html"), "utf8"), 200, { "cache-control": "no-cache" }),
  );
  app.use("*", serveStatic({ root: webDist, precompressed: true }));
  // Read per request (the OS caches it): a new build is served without a restart.
  app.get("*", async (c) =>
    c.html(await readFile(join(webDist, "index.html"), "utf8"), 200, { "cache-control": "no-cache" }),
  );
}
