import { expect, type Page, test } from "@playwright/test";
import { settled, tenantIdOf, tryTheDemo } from "./support";

const ORGANISATION = "Aurora Components Oy";

/** Into the visitor's copy of the demo's main organisation, from the chooser. */
async function openOrganisation(page: Page) {
  await page.getByText(ORGANISATION).click();
  await expect(page).toHaveURL(/\/t\/[0-9a-f-]+\/dashboard$/);
  await expect(page.getByRole("region", { name: "Your private demo" })).toBeVisible();
}

test("issue 6.6: a demo visitor renames their organisation and adds a user; a second visitor sees neither", async ({
  browser,
}) => {
  const stamp = Date.now();
  const newName = `Visitor ${stamp} Oy`;
  const email = `sandbox.colleague.${stamp}@aurora.example`;

  const first = await browser.newContext();
  const page = await first.newPage();
  await tryTheDemo(page);
  await openOrganisation(page);
  const firstTenant = await tenantIdOf(first, ORGANISATION);

  await page.getByRole("navigation").getByRole("link", { name: "Settings" }).click();
  await settled(page, "Settings");
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit organisation details" });
  await edit.getByRole("textbox", { name: "Company name" }).fill(newName);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The organisation has been updated.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: newName })).toBeVisible();

  await page.getByRole("navigation").getByRole("link", { name: "Users" }).click();
  await settled(page, "Users");
  await page.getByRole("button", { name: "Add user" }).click();
  const add = page.getByRole("dialog", { name: "Add user" });
  await add.getByLabel("E-mail").fill(email);
  await add.getByRole("button", { name: "Send invitation" }).click();
  // Adding a person invites them (issue 6.7): the sandbox lists the address as invited.
  await expect(page.getByText(`An invitation has been sent to ${email}.`)).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Invitations" }).getByRole("row").filter({ hasText: email }),
  ).toBeVisible();

  // The mail to the new person stayed in the demo, and the visitor is told so.
  await expect(page.getByRole("alert").filter({ hasText: "Mail not sent in the demo" })).toContainText(email);
  await page.getByRole("button", { name: "Mail in this demo (1)" }).click();
  const mails = page.getByRole("dialog", { name: "Mail in this demo" });
  await expect(mails.getByText(email)).toBeVisible();
  await expect(mails.getByText(/^Not sent · /)).toBeVisible();
  await mails.getByRole("button", { name: "Close", exact: true }).click();

  // The server holds both changes for this visitor.
  const current = await page.request.get("/api/tenant", { headers: { "x-tenant-id": firstTenant } });
  expect(((await current.json()) as { name: string }).name).toBe(newName);

  // A second visitor, in a browser of their own, gets the demo as it was.
  const second = await browser.newContext();
  const other = await second.newPage();
  await tryTheDemo(other);
  await expect(other.getByText(newName)).toHaveCount(0);
  await openOrganisation(other);
  await expect(other.getByRole("navigation", { name: ORGANISATION })).toBeVisible();
  await other.getByRole("navigation").getByRole("link", { name: "Users" }).click();
  await settled(other, "Users");
  await expect(other.getByRole("row").filter({ hasText: "anna.virtanen@aurora.example" })).toBeVisible();
  await expect(other.getByText(email)).toHaveCount(0);
  await other.getByRole("button", { name: "Mail in this demo (0)" }).click();
  await expect(
    other.getByRole("dialog", { name: "Mail in this demo" }).getByText("No mail yet.", { exact: false }),
  ).toBeVisible();

  // And by the API: the second visitor's copy is untouched, and the first one's is out of reach.
  const secondTenant = await tenantIdOf(second, ORGANISATION);
  expect(secondTenant).not.toBe(firstTenant);
  const members = (await (
    await other.request.get("/api/tenant/user", { headers: { "x-tenant-id": secondTenant } })
  ).json()) as Array<{ email: string | null }>;
  expect(members.map((m) => m.email)).not.toContain(email);
  const invited = (await (
    await other.request.get("/api/tenant/invitation", { headers: { "x-tenant-id": secondTenant } })
  ).json()) as Array<{ email: string }>;
  expect(invited.map((i) => i.email)).not.toContain(email);
  const foreign = await other.request.get("/api/tenant", { headers: { "x-tenant-id": firstTenant } });
  expect(foreign.status()).toBe(403);

  await first.close();
  await second.close();
});
