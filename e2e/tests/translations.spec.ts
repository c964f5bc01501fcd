import { expect, type Page, test } from "@playwright/test";
import { ADMIN, expectAccessible, overflowProblems, settled, signedInContext } from "./support";

/**
 * Issue 22, the translations editor: a platform admin changes an interface text (the editor's own
 * "New translation" button), reloads and sees the new wording, then restores the built-in text.
 */
async function openRow(page: Page, search: string, english: string) {
  await page.getByRole("searchbox", { name: "Search translations" }).fill(search);
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: english, exact: true }) })
    .first();
  await expect(row).toBeVisible();
  await row.getByRole("button").first().click();
  const dialog = page.getByRole("dialog", { name: "Edit translation" });
  await expect(dialog).toBeVisible();
  // Once a translation has an id, the id is read only (document 3 §5).
  await expect(dialog.getByRole("textbox", { name: "Translation id" })).toHaveAttribute("readonly", "");
  return dialog;
}

test("an admin overrides an interface text and sees it after a reload", async ({ browser }) => {
  const admin = await signedInContext(browser, ADMIN);
  const page = await admin.newPage();
  await page.goto("/translations");
  await settled(page, "Translations");
  await expect(page.getByRole("button", { name: "New translation" })).toBeVisible();
  await expectAccessible(page, "the translations editor");

  const dialog = await openRow(page, "New translation", "New translation");
  await dialog.getByRole("textbox", { name: "English" }).fill("Add a translation");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await settled(page, "Translations");
  await expect(page.getByRole("button", { name: "Add a translation" })).toBeVisible();

  // Emptying the text brings the built-in one back.
  const again = await openRow(page, "Add a translation", "Add a translation");
  await again.getByRole("textbox", { name: "English" }).fill("");
  await again.getByRole("button", { name: "Save" }).click();
  await expect(again).toBeHidden();
  await page.reload();
  await settled(page, "Translations");
  await expect(page.getByRole("button", { name: "New translation" })).toBeVisible();

  // A new translation: free text makes a prefixed id, with a hint before saving.
  await page.getByRole("button", { name: "New translation" }).click();
  const created = page.getByRole("dialog", { name: "New translation" });
  const free = `E2E greeting ${Date.now()}`;
  await created.getByRole("textbox", { name: "Translation id or text" }).fill(free);
  await expect(created.getByText("A new translation will be made")).toBeVisible();
  await created.getByRole("textbox", { name: "Finnish" }).fill("E2E-tervehdys");
  await created.getByRole("button", { name: "Save" }).click();
  await expect(created).toBeHidden();
  await page.getByRole("searchbox", { name: "Search translations" }).fill(free);
  await expect(page.getByRole("cell", { name: "E2E-tervehdys", exact: true })).toBeVisible();
  await expect(page.getByText(new RegExp(`^custom\\.${free}\\.`))).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowProblems(page)).toEqual([]);
  await admin.close();
});
