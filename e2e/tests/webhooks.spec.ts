import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import {
  animationsDone,
  demoContext,
  expectAccessible,
  overflowProblems,
  settled,
  tenantIdOf,
} from "./support";

/**
 * Issue 20.4: a tenant admin adds a webhook endpoint in Organisation settings, copies its secret
 * once, sends a test event that a receiver verifies with the `standardwebhooks` package, and reads
 * the delivery in the endpoint's delivery log, where it can be sent again.
 */
test("an admin adds an endpoint, its test event arrives signed, and the delivery log shows it", async ({
  browser,
}) => {
  const received: { id: string; type: string; verified: boolean }[] = [];
  let secret = "";
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified = true;
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      received.push({ id: String(req.headers["webhook-id"]), type: JSON.parse(body).type, verified });
      res.writeHead(200).end("received");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/kunto`;

  const context = await demoContext(browser);
  const page = await context.newPage();
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  await page.goto(`/t/${tenantId}/settings`);
  await settled(page);

  await page.getByRole("button", { name: "Add endpoint" }).click();
  const dialog = page.getByRole("dialog", { name: "Add webhook endpoint" });
  await dialog.getByRole("textbox", { name: "Endpoint URL" }).fill(url);
  await dialog.getByRole("textbox", { name: "Description" }).fill("Test receiver");
  // No event chosen: the form says so and sends nothing.
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Choose at least one event.")).toBeVisible();
  await dialog.getByRole("checkbox", { name: "Task created" }).check();
  await dialog.getByRole("checkbox", { name: "Task done" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();

  const added = page.getByRole("dialog", { name: "Webhook endpoint added" });
  await expect(added).toBeVisible();
  secret = ((await added.getByTestId("webhook-secret").textContent()) ?? "").trim();
  expect(secret).toMatch(/^whsec_\S+$/);
  await animationsDone(page);
  await expectAccessible(page, "the added endpoint's secret dialog");
  await added.getByRole("button", { name: "Done" }).click();
  await expect(added).toBeHidden();
  // Shown once: the list never shows the secret again.
  await expect(page.getByText(secret)).toHaveCount(0);

  const endpoints = page.getByRole("list", { name: "Webhook endpoints" });
  await expect(endpoints.getByText(url)).toBeVisible();
  await endpoints.getByRole("button", { name: `Actions for ${url}` }).click();
  await page.getByRole("menuitem", { name: "Delivery log" }).click();
  await settled(page, "Delivery log");

  await page.getByRole("button", { name: "Send test event" }).click();
  const row = page.getByTestId("webhook-delivery-row").first();
  await expect(row.getByText("Delivered")).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText("200")).toBeVisible();
  expect(received).toEqual([{ id: expect.stringMatching(/^msg_/), type: "webhook.test", verified: true }]);
  await expectAccessible(page, "the delivery log");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowProblems(page)).toEqual([]);

  // Sent again: the same delivery, the same webhook-id.
  await row.getByRole("button", { name: /^Send again/ }).click();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
  expect(received[1]?.id).toBe(received[0]?.id);
  await expect(row.getByText("Delivered")).toBeVisible({ timeout: 30_000 });

  await context.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
