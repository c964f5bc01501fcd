import { expect, test } from "@playwright/test";
import { demoContext, expectAccessible, overflowProblems, settled, tenantIdOf } from "./support";

/**
 * Issue 22, document 3 §2: a tenant admin adds a party, gives it a new person from the persons tab
 * (the employer link of §4), removes and re-adds them through the select-person dialog, and opens
 * the person, whose identity code shows whole in the form and masked nowhere else.
 */
test("an admin adds a party, links a person both ways and opens the person", async ({ browser }) => {
  const context = await demoContext(browser);
  const page = await context.newPage();
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  const company = `E2E Works ${Date.now()}`;

  await page.goto(`/t/${tenantId}/parties`);
  await settled(page, "Parties");
  await expectAccessible(page, "the party list");
  await page.getByRole("link", { name: "New party" }).click();
  await settled(page, "New party");
  await page.getByRole("textbox", { name: "Company name" }).fill(company);
  await page.getByRole("textbox", { name: "Business code" }).fill("1234567-8");
  await page.getByRole("tab", { name: "Addresses" }).click();
  await page.getByRole("textbox", { name: "Address line 1" }).first().fill("Testikatu 1");
  await page.getByRole("button", { name: "Save" }).click();
  await settled(page, company);
  await expect(page).toHaveURL(new RegExp(`/t/${tenantId}/party/[0-9a-f-]{36}`));

  await page.getByRole("tab", { name: "Persons" }).click();
  await expect(page).toHaveURL(/\/persons$/);
  await page.getByRole("button", { name: "Add person" }).click();
  const select = page.getByRole("dialog", { name: "Add person" });
  await expect(select).toBeVisible();
  await expectAccessible(page, "the select-person dialog");
  await select.getByRole("button", { name: "New person" }).click();
  const add = page.getByRole("dialog", { name: "New person" });
  await add.getByRole("textbox", { name: "First name" }).fill("Eeva");
  await add.getByRole("textbox", { name: "Last name" }).fill("Esimerkki");
  // Checked when the field is left (§5).
  await add.getByRole("textbox", { name: "E-mail" }).fill("eeva esimerkki@example.fi");
  await add.getByRole("textbox", { name: "Phone" }).focus();
  await expect(add.getByText("Spaces are not allowed")).toBeVisible();
  await add.getByRole("textbox", { name: "E-mail" }).fill("eeva.esimerkki@example.fi");
  await add.getByRole("button", { name: "Add person" }).click();
  await expect(add).toBeHidden();
  const row = page.getByRole("row", { name: /Eeva Esimerkki/ });
  await expect(row).toBeVisible();

  // Removing empties the employer; the select-person dialog offers the person again.
  await row.getByRole("button", { name: "Remove Eeva Esimerkki from the party" }).click();
  await expect(page.getByText("No persons in this party.")).toBeVisible();
  await page.getByRole("button", { name: "Add person" }).click();
  await select.getByRole("searchbox", { name: "Search" }).fill("esimerkki");
  await select.getByRole("button", { name: "Add Eeva Esimerkki" }).click();
  await expect(select).toBeHidden();
  await expect(page.getByRole("row", { name: /Eeva Esimerkki/ })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("link", { name: "Close" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
  expect(await overflowProblems(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto(`/t/${tenantId}/persons`);
  await settled(page, "Persons");
  await page.getByRole("searchbox", { name: "Search" }).fill("esimerkki");
  const personRow = page.getByRole("row", { name: /Esimerkki/ });
  await expect(personRow.getByText(company)).toBeVisible();
  await personRow.getByRole("link", { name: "Esimerkki" }).click();
  await settled(page, "Edit person");
  await page.getByRole("textbox", { name: "Personal identity code" }).fill("010190-123A");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The person has been saved.")).toBeVisible();
  await expectAccessible(page, "the person form");
  await page.reload();
  await settled(page, "Edit person");
  await expect(page.getByRole("textbox", { name: "Personal identity code" })).toHaveValue("010190-123A");

  await page.goto(`/t/${tenantId}/persons`);
  await settled(page, "Persons");
  await expect(page.getByText("010190-123A")).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await overflowProblems(page)).toEqual([]);
  await context.close();
});
