import { expect, test } from "@playwright/test";

test("the demo link signs in, the chooser offers both accounts, and sign-out ends the session", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Try the demo" }).click();
  await expect(page.getByText("You are a member of several organisations.")).toBeVisible();
  await page.getByText("Aurora Logistics OÜ").click();
  await expect(page).toHaveURL(/\/t\/[0-9a-f-]+\/dashboard$/);
  await expect(page.getByText("Aurora Logistics OÜ").first()).toBeVisible();
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await page.goto("/me");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fme$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("a wrong password is refused without saying whether the account exists", async ({ page }) => {
  const attempt = async (login: string) => {
    await page.getByLabel("Username or e-mail").fill(login);
    const response = page.waitForResponse((r) => r.url().includes("auth.signIn"));
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    const answer = await response;
    const shown = page.getByRole("alert").filter({ hasText: /./ }).first();
    await expect(shown).toBeVisible();
    return { status: answer.status(), body: await answer.text(), shown: (await shown.textContent()) ?? "" };
  };
  await page.goto("/login");
  await page.getByRole("textbox", { name: "Password" }).fill("not the password at all");
  const unknown = await attempt("nobody@example.test");
  await page.reload();
  await page.getByRole("textbox", { name: "Password" }).fill("not the password at all");
  // A seeded person no other test signs in as: the failure counts towards their lock-out only.
  const wrong = await attempt("olga.ivanova@aurora.example");
  expect(unknown.status).toBe(401);
  expect(wrong).toEqual(unknown);
  expect(unknown.body).toContain("invalid_credentials");
});

test("the interface switches to Finnish and remembers it", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: /^Language/ }).click();
  await page.getByRole("menuitem", { name: /Suomi/ }).click();
  await expect(page.getByRole("button", { name: "Kirjaudu sisään", exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Kirjaudu sisään", exact: true })).toBeVisible();
});

test("a demo visitor's language stays theirs across pages and reloads", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Try the demo" }).click();
  await page.getByText("Aurora Components Oy").click();
  await expect(page).toHaveURL(/dashboard$/);
  await page.getByRole("button", { name: /^Language/ }).click();
  await page.getByRole("menuitem", { name: /Polski/ }).click();
  await page.getByRole("navigation").getByRole("link", { name: "Użytkownicy" }).click();
  await expect(page.getByRole("heading", { name: "Użytkownicy" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Użytkownicy" })).toBeVisible();
});
