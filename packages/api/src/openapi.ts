import { generateOpenApiDocument } from "trpc-to-openapi";
import { appRouter } from "./root";

export const openApiDocument = (baseUrl: string) =>
  generateOpenApiDocument(appRouter, {
    title: "Kunto API",
    description:
      "REST access to Kunto. Authenticate with the session cookie or an API key; send the account id in the X-tenant-id header for account calls. Errors carry `error_key`.",
    version: "1.0.0",
    baseUrl,
  });
