import { expect, test } from "@playwright/test";

test("the API docs page renders the documented operations without leaving the server", async ({
  page,
  baseURL,
}) => {
  const external: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL ?? "") && !request.url().startsWith("data:"))
      external.push(request.url());
  });
  await page.goto("/api-docs/index.html");
  await expect(page.getByText("Kunto API").first()).toBeVisible();
  // Tags start folded; every tag is listed, and opening one shows its operations.
  await expect(page.locator(".opblock-tag", { hasText: "API keys" })).toBeVisible();
  await page.locator(".opblock-tag", { hasText: "Organisation members" }).first().click();
  await expect(page.getByText("/tenant/user/{userId}/role/{role}").first()).toBeVisible();
  expect(external).toEqual([]);
});

test("health and readiness answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  expect(await (await request.get("/readyz")).json()).toEqual({ status: "ready" });
});
