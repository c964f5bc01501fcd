import { expect, test } from "@playwright/test";

test("the demo link signs in, the chooser offers both accounts, and sign-out ends the session", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Try the demo" }).click();
  await expect(page.getByText("You are a member of several accounts.")).toBeVisible();
  await page.getByText("Aurora Logistics OÜ").click();
  await expect(page).toHaveURL(/\/t\/[0-9a-f-]+\/dashboard$/);
  await expect(page.getByText("Aurora Logistics OÜ").first()).toBeVisible();
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/me");
  await expect(page).toHaveURL(/\/login/);
});

test("a wrong password is refused without saying whether the account exists", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Username or e-mail").fill("nobody@example.test");
  await page.getByRole("textbox", { name: "Password" }).fill("not the password at all");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  const unknownMessage = await page.getByRole("alert").first().textContent();
  await page.getByLabel("Username or e-mail").fill("demo@kunto.local");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").first()).toHaveText(unknownMessage);
});

test("the interface switches to Finnish and remembers it", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: /^Language/ }).click();
  await page.getByRole("menuitem", { name: /Suomi/ }).click();
  await expect(page.getByRole("button", { name: "Kirjaudu sisään", exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Kirjaudu sisään", exact: true })).toBeVisible();
});
