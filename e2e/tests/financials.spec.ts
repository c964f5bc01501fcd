import { expect, type Page, test } from "@playwright/test";
import { ADMIN, expectAccessible, overflowProblems, settled } from "./support";

/**
 * Issue 23: a tenant admin of a PRO organisation without a D-U-N-S number searches for it (the local
 * fake D&B Direct+, packages/fake-dnb, stands in for D&B), saves the preselected match, the fetch
 * runs as a background job with its progress on the screen, and the 15 KPI cards show the latest
 * statements with grade colours, in English and in Finnish, accessible and at 390 px.
 */
const PASSWORD = "financials e2e passphrase 2026";

/** A new PRO organisation named like the fake's "Esimerkki Oy", its admin signed in in this page's context. */
async function organisationWithAdmin(page: Page, baseURL: string): Promise<{ tenantId: string }> {
  const request = page.context().request;
  const post = async (path: string, data: object) => {
    const answer = await request.post(path, { data, headers: { origin: baseURL } });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
    return answer.json() as Promise<{ id: string }>;
  };
  const temporary = `${PASSWORD} temporary`;
  await post("/trpc/auth.signIn", { username: ADMIN.login, password: ADMIN.password });
  const stamp = Date.now().toString(36);
  const tenant = await post("/api/admin/tenant", { name: `Esimerkki ${stamp} Oy`, country: "FI" });
  await post(`/api/admin/tenant/${tenant.id}/plan`, { status: "PRO" });
  const email = `financials.${stamp}@aurora.example`;
  const user = await post("/api/admin/user", {
    type: "CLOUD",
    email,
    password: temporary,
    firstName: "Tiina",
    lastName: "Talous",
  });
  await post(`/api/admin/tenant/${tenant.id}/user`, { userId: user.id });
  await post("/trpc/auth.signOut", {});
  await post("/trpc/auth.signIn", { username: email, password: temporary });
  await post("/trpc/auth.completeNewPassword", { newPassword: PASSWORD });
  return { tenantId: tenant.id };
}

test("search → save → fetch → cards, in English and Finnish, accessible and at 390 px", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { tenantId } = await organisationWithAdmin(page, baseURL ?? "");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/t/${tenantId}/financials`);
  await settled(page, "Financials");

  // No number yet: the prompt, the input with its rule, and the search.
  await expect(page.getByRole("heading", { name: "Add your organisation's D-U-N-S number" })).toBeVisible();
  const duns = page.getByRole("textbox", { name: "D-U-N-S® number" });
  await duns.fill("12345");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Field must be a D-U-N-S® number (9 digits)")).toBeVisible();
  await expectAccessible(page, "financials without a D-U-N-S number");
  expect.soft(await overflowProblems(page), "financials prompt at 390 px").toEqual([]);

  await page.getByRole("button", { name: "Don't know the number? Search for it" }).click();
  const dialog = page.getByRole("dialog", { name: "Search for the D-U-N-S number" });
  await expect(dialog.getByRole("textbox", { name: "Organisation name" })).toHaveAttribute("readonly", "");
  await dialog.getByRole("button", { name: "Search" }).click();
  // The matches: name, address, first registration number, D-U-N-S; the first preselected.
  const first = dialog.getByRole("radio", { name: "Esimerkki Oy" });
  await expect(first).toBeChecked();
  await expect(dialog.getByText("D-U-N-S: 539876543")).toBeVisible();
  await expect(dialog.getByText(/Mannerheimintie 1/)).toBeVisible();
  await expectAccessible(page, "the D-U-N-S search matches");
  // The back arrow returns to the form, which keeps its values.
  await dialog.getByRole("button", { name: "Back to the search" }).click();
  await dialog.getByRole("button", { name: "Search" }).click();
  await expect(dialog.getByRole("radio", { name: "Esimerkki Oy" })).toBeChecked();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  // The fetch runs in the background; the cards come when it is done.
  const revenue = page.getByRole("region", { name: "Sales revenue" });
  await expect(revenue).toBeVisible({ timeout: 60_000 });
  await expect(revenue.getByText("€4,200,000")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Financial statement" })).toHaveValue("2025-12-31");
  // The spec's thresholds: quick ratio 1.1 ≥ 1 is green; the previous statement's 1.0 too.
  await expect(page.getByRole("region", { name: "Quick ratio" })).toHaveAttribute("data-grade", "green");
  await expect(page.getByRole("region", { name: "Quick ratio" }).getByText("Previous: 1.00")).toBeVisible();
  await expect(page.locator("[data-grade]")).toHaveCount(15);
  // Beyond the documents: the fitness index set against the key figures, after the cards.
  await expect(
    page.getByRole("heading", { name: "Company Fitness Index against key figures" }),
  ).toBeVisible();
  await expectAccessible(page, "financials cards");
  expect.soft(await overflowProblems(page), "financials cards at 390 px").toEqual([]);

  // Finnish.
  // The signed-in person's saved language wins over the browser's (docs/decisions.md): save Finnish.
  const saved = await page.request.put("/api/user/set-language/fi", {
    headers: { "content-type": "application/json", origin: baseURL ?? "" },
    data: {},
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  await settled(page, "Talous");
  await expect(page.getByRole("region", { name: "Liikevaihto" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Oman pääoman tuotto %" })).toBeVisible();
  await expectAccessible(page, "financials cards in Finnish");
  expect.soft(await overflowProblems(page), "financials cards in Finnish at 390 px").toEqual([]);
});
