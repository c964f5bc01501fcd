import { expect, test } from "@playwright/test";
import { tryTheDemo } from "./support";

test("a tenant admin invites a user, withdraws the invitation, changes a member's roles and signs out", async ({
  page,
}) => {
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
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByText("Check that you have filled in all required fields.")).toBeVisible();
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("First name").fill("Noora");
  await dialog.getByLabel("Last name").fill("Laine");
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  // Issue 6.7: adding invites; the address is listed as invited until the person accepts.
  await expect(page.getByText(`An invitation has been sent to ${email}.`)).toBeVisible();
  const invitation = page
    .getByRole("region", { name: "Invitations" })
    .getByRole("row")
    .filter({ hasText: email });
  await expect(invitation.getByText("Invited")).toBeVisible();
  await invitation.getByRole("button", { name: `Actions for the invitation to ${email}` }).click();
  await page.getByRole("menuitem", { name: "Withdraw the invitation" }).click();
  await page
    .getByRole("dialog", { name: "Withdraw the invitation?" })
    .getByRole("button", { name: "Withdraw" })
    .click();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);

  // Roles of a member, given and taken back (so the suite runs again on the same data).
  const member = "mikko.korhonen@aurora.example";
  await page.getByRole("button", { name: `Add role for ${member}` }).click();
  await page.getByRole("menuitem", { name: "Admin" }).click();
  await expect(page.getByText("User roles updated.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: `Remove role Admin from ${member}` })).toBeVisible();

  // The change is the server's, not only the page's.
  await page.reload();
  await page.getByRole("button", { name: `Remove role Admin from ${member}` }).click();
  await expect(page.getByRole("button", { name: `Remove role Admin from ${member}` })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: `Remove role Basic user from ${member}` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Remove role Admin from ${member}` })).toHaveCount(0);

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});
