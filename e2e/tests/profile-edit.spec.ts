import { type APIRequestContext, expect as baseExpect, type Page, test } from "@playwright/test";

const ADMIN_PASSWORD = "e2e admin passphrase 2026";
const TEMPORARY = "temporary from the admin 41";
const OWN = "my own long passphrase 2026";
// Sized for a loaded machine: the page retries a failed load twice before it gives up.
const expect = baseExpect.configure({ timeout: 20_000 });

/** A platform admin's API session (cookies of its own request context). */
async function adminApi(request: APIRequestContext, baseURL: string) {
  const signIn = await request.post("/trpc/auth.signIn", {
    headers: { origin: baseURL },
    data: { username: "admin@kunto.local", password: ADMIN_PASSWORD },
  });
  expect(signIn.ok()).toBe(true);
}

/** Signs in with the admin's temporary password and chooses one's own (issue 10.2). */
async function firstSignIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Username or e-mail").fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(TEMPORARY);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByRole("textbox", { name: "New password", exact: true }).fill(OWN);
  await page.getByRole("textbox", { name: "Repeat the new password" }).fill(OWN);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/new_account$/);
}

test("issue 10.1: a partial profile edit keeps the other fields", async ({ page, playwright, baseURL }) => {
  const base = baseURL ?? "";
  const email = `profile.${Date.now()}@aurora.example`;
  const admin = await playwright.request.newContext({ baseURL: base });
  await adminApi(admin, base);
  const created = await admin.post("/api/admin/user", {
    headers: { origin: base },
    data: { type: "CLOUD", email, password: TEMPORARY, firstName: "Pirjo", lastName: "Profiili" },
  });
  expect(created.ok()).toBe(true);
  await admin.dispose();

  await firstSignIn(page, email);
  await page.goto("/me");
  await expect(page.getByRole("heading", { name: "Pirjo Profiili" })).toBeVisible();

  // Only the phone changes in the dialog; the names stay as they were.
  await page.getByRole("button", { name: "Edit profile" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit profile" });
  await dialog.getByLabel("Phone").fill("040 123 4567");
  // Dialogs are persistent: a click outside keeps what was typed.
  await page.mouse.click(5, 5);
  await expect(dialog.getByLabel("Phone")).toHaveValue("040 123 4567");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("User info updated.")).toBeVisible();
  await expect(page.getByText("+358401234567")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Pirjo Profiili" })).toBeVisible();

  // The server kept them, and a call naming only the phone keeps them too.
  const partial = await page.request.post("/api/user", {
    headers: { origin: base },
    data: { phone: "+46 70 123 45 67" },
  });
  expect(partial.ok()).toBe(true);
  const me = await (await page.request.get("/api/user")).json();
  expect(me).toMatchObject({ firstName: "Pirjo", lastName: "Profiili", phone: "+46701234567", email });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Pirjo Profiili" })).toBeVisible();
  await expect(page.getByText("+46701234567")).toBeVisible();

  // Clearing one name in the dialog clears only that one.
  await page.getByRole("button", { name: "Edit profile" }).click();
  await dialog.getByLabel("Last name").fill("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Pirjo", exact: true })).toBeVisible();
  const after = await (await page.request.get("/api/user")).json();
  expect(after).toMatchObject({ firstName: "Pirjo", lastName: null, phone: "+46701234567" });
});
