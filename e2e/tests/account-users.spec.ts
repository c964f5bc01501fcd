import { expect, test } from "@playwright/test";
import { tryTheDemo } from "./support";

test("a tenant admin adds a user to the account, makes them an admin and signs out", async ({ page }) => {
  const email = `new.colleague.${Date.now()}@aurora.example`;
  // A demo visitor is the admin of their own copy of the demo organisations (issue 6.6).
  await tryTheDemo(page);
  await page.getByText("Aurora Components Oy").click();
  await expect(page).toHaveURL(/\/t\/[0-9a-f-]+\/dashboard$/);

  await page.getByRole("navigation").getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();

  await page.getByRole("button", { name: "Add user" }).click();
  const dialog = page.getByRole("dialog", { name: "Add user" });
  await dialog.getByLabel("E-mail").fill("not an address");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog.getByText("Check that you have filled in all required fields.")).toBeVisible();
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("First name").fill("Noora");
  await dialog.getByLabel("Last name").fill("Laine");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText(`${email} has been added to the organisation.`)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row.getByRole("button", { name: `Remove role Basic user from ${email}` })).toBeVisible();

  await page.getByRole("button", { name: `Add role for ${email}` }).click();
  await page.getByRole("menuitem", { name: "Admin" }).click();
  await expect(page.getByText("User roles updated.")).toBeVisible();
  await expect(page.getByRole("button", { name: `Remove role Admin from ${email}` })).toBeVisible();

  // The change is the server's, not only the page's.
  await page.reload();
  await expect(page.getByRole("button", { name: `Remove role Admin from ${email}` })).toBeVisible();

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
});
