import { expect, type Page, test } from "@playwright/test";
import { animationsDone, demoContext, expectAccessible, settled, tenantIdOf } from "./support";

/**
 * Issue 20: a tenant admin makes an API key in Organisation settings, sees it once, and a script
 * uses it over plain HTTP (no cookie, no X-tenant-id); a key limited to another address is refused;
 * a deleted key is refused at once.
 */

/** Makes a key through the dialog and reads the one-time token from the dialog that follows. */
async function makeKey(page: Page, name: string, ips = ""): Promise<string> {
  await page.getByRole("button", { name: "New API key" }).click();
  const dialog = page.getByRole("dialog", { name: "New API key" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  if (ips) await dialog.getByRole("textbox", { name: "Allowed IP addresses" }).fill(ips);
  // Saving waits for the terms: the button stays disabled until they are accepted.
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await dialog.getByRole("checkbox", { name: "I accept the API terms of use" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  const created = page.getByRole("dialog", { name: "API key created" });
  await expect(created).toBeVisible();
  const header = ((await created.getByTestId("api-key-token").textContent()) ?? "").trim();
  expect(header).toMatch(/^Authorization: Bearer \S+\.\S+$/);
  await animationsDone(page);
  await expectAccessible(page, "the created key's dialog");
  await created.getByRole("button", { name: "Done" }).click();
  await expect(created).toBeHidden();
  return header.replace("Authorization: Bearer ", "");
}

/** A script's call: plain HTTP with the key, no cookie, no organisation header. */
async function surveysWith(baseURL: string, token: string) {
  const response = await fetch(`${baseURL}/api/tenant/survey`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as unknown;
  return { status: response.status, body };
}

test("an admin makes a key, sees it once, a script uses it; an address outside its list and a deleted key are refused", async ({
  browser,
  baseURL,
}) => {
  const base = baseURL ?? "";
  const context = await demoContext(browser);
  const page = await context.newPage();
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  await page.goto(`/t/${tenantId}/settings`);
  await settled(page);

  const name = `Reporting ${Date.now().toString(36)}`;
  const token = await makeKey(page, name);
  const keys = page.getByRole("list", { name: "API keys" });
  await expect(keys.getByText(name)).toBeVisible();
  // Shown once: the list never shows the private part again.
  await expect(page.getByText(token)).toHaveCount(0);

  const allowed = await surveysWith(base, token);
  expect(allowed.status).toBe(200);
  expect(Array.isArray(allowed.body) && allowed.body.length > 0).toBe(true);

  // A key for one other address only: this machine's calls are refused.
  const elsewhere = await makeKey(page, `${name} office`, "192.0.2.10");
  const refused = await surveysWith(base, elsewhere);
  expect([refused.status, (refused.body as { error_key?: string }).error_key]).toEqual([
    403,
    "api_key_address_refused",
  ]);

  // Deleted in the screen: the next call is refused at once.
  await keys.getByRole("button", { name: `Delete API key ${name}`, exact: true }).click();
  const confirm = page.getByRole("dialog", { name: "Delete API key" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(keys.getByText(name, { exact: true })).toHaveCount(0);
  const deleted = await surveysWith(base, token);
  expect([deleted.status, (deleted.body as { error_key?: string }).error_key]).toEqual([
    401,
    "api_key_invalid",
  ]);
  await context.close();
});
