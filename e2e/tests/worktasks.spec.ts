import { expect, test } from "@playwright/test";
import { animationsDone, demoContext, expectAccessible, settled, tenantIdOf } from "./support";

/**
 * Issue 22: the work-task page's main path for a tenant admin (create with the required-fields check,
 * open and change the status, search, delete, a note) and the items page (create, open and rename,
 * delete softly), in the demo organisation.
 */
test("an admin creates, changes, finds and deletes a work task and leaves a note", async ({ browser }) => {
  const context = await demoContext(browser);
  const page = await context.newPage();
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  await page.goto(`/t/${tenantId}/worktasks`);
  await settled(page, "Work tasks");
  // The seeded list shows open tasks only (RECEIVED, WAITING, INPROGRESS by default).
  await expect(
    page.getByRole("button", { name: "Open work task Update the shift plan for December" }),
  ).toBeVisible();
  await expect(page.getByText("Clean up the shared drive")).toHaveCount(0);
  await expectAccessible(page, "the work-task list");

  await page.getByRole("button", { name: "New work task" }).click();
  const dialog = page.getByRole("dialog", { name: "New work task" });
  await dialog.getByRole("textbox", { name: "Title" }).fill("Fix the loading dock door");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Check that you have filled in all required fields.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Message" }).fill("The door sticks half open in the cold.");
  await animationsDone(page);
  await expectAccessible(page, "the new work task dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  const open = page.getByRole("button", { name: "Open work task Fix the loading dock door" });
  const row = page.getByRole("row").filter({ has: open });
  await expect(row.getByText("Received")).toBeVisible();
  await open.click();
  const edit = page.getByRole("dialog", { name: "Edit work task" });
  await edit.getByRole("combobox", { name: "Status" }).click();
  await edit.getByRole("option", { name: "In progress" }).click();
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByText("In progress")).toBeVisible();

  // The search narrows the list once typing pauses.
  await page.getByRole("searchbox", { name: "Search" }).fill("loading dock");
  await expect(page.getByText("1 work task")).toBeVisible();
  await expect(open).toBeVisible();

  await row.getByRole("button", { name: "Delete work task Fix the loading dock door" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete work task" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(open).toHaveCount(0);
  await expect(page.getByText("0 work tasks")).toBeVisible();

  const notes = page.getByRole("region", { name: "Notes" });
  await notes.getByRole("textbox", { name: "New note" }).fill("The loading dock door is fixed.");
  await notes.getByRole("button", { name: "Post" }).click();
  await expect(notes.getByText("The loading dock door is fixed.")).toBeVisible();
  await context.close();
});

test("an admin adds, renames and deletes an item", async ({ browser }) => {
  const context = await demoContext(browser);
  const page = await context.newPage();
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  await page.goto(`/t/${tenantId}/items`);
  await settled(page, "Items");
  const list = page.getByRole("region", { name: "Test type" });
  await expect(list.getByRole("button", { name: "Open item Tool kit" })).toBeVisible();

  await list.getByRole("button", { name: "Add Test type" }).click();
  const dialog = page.getByRole("dialog", { name: "New item" });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Check that you have filled in all required fields.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Name" }).fill("Pallet jack");
  await animationsDone(page);
  await expectAccessible(page, "the new item dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Item created")).toBeVisible();

  await list.getByRole("button", { name: "Open item Pallet jack" }).click();
  const edit = page.getByRole("dialog", { name: "Edit item" });
  await expect(edit.getByRole("combobox", { name: "Type" })).toBeDisabled();
  await edit.getByRole("textbox", { name: "Name" }).fill("Electric pallet jack");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Item updated")).toBeVisible();

  await list.getByRole("button", { name: "Delete item Electric pallet jack" }).click();
  await page.getByRole("dialog", { name: "Delete item" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Item deleted")).toBeVisible();
  await expect(list.getByRole("button", { name: "Open item Electric pallet jack" })).toHaveCount(0);
  await page.reload();
  await settled(page, "Items");
  await expect(page.getByRole("button", { name: "Open item Electric pallet jack" })).toHaveCount(0);
  await expectAccessible(page, "the items page");
  await context.close();
});
