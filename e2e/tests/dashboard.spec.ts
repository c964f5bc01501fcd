import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { demoContext, expectAccessible, overflowProblems, settled, tenantIdOf } from "./support";

/**
 * Issue 8: the dashboard on the demo's answered surveys (notifications, the Company Fitness Index
 * and culture with their text alternatives), a new organisation through the simple onboarding to
 * the dashboard, and the onboarding wizard resuming at its stored step.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function newOrganisation(context: BrowserContext, page: Page, name: string) {
  await page.goto("/new_account");
  await settled(page, "Create an organisation");
  await page.getByRole("textbox", { name: "Company name" }).fill(name);
  await page.getByRole("textbox", { name: "Street address" }).fill("Satamakatu 3");
  await page.getByRole("textbox", { name: "Zip code" }).fill("00160");
  await page.getByRole("textbox", { name: "City" }).fill("Helsinki");
  await page.getByRole("button", { name: "Create organisation" }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  return tenantIdOf(context, name);
}

test("the demo dashboard shows the fitness index and culture with text alternatives and passes axe", async ({
  browser,
}, testInfo) => {
  const context = await demoContext(browser);
  const page = await context.newPage();
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  await page.goto(`/t/${tenantId}/dashboard`);
  await settled(page, /Welcome/);
  const fitness = page.getByRole("table", { name: "Company Fitness Index" });
  await expect(fitness).toBeVisible();
  for (const area of ["Efficiency", "Capability", "Leadership", "Result"])
    await expect(fitness.getByRole("rowheader", { name: area })).toBeVisible();
  // Every score is a whole percent, and its band is said in words.
  await expect(fitness.getByText(/^\d+ %$/)).toHaveCount(4);
  await expect(fitness.getByText(/^(Weakness|Opportunity|Strength)$/)).toHaveCount(4);
  // The demo has the same pair half a year earlier: the change since is shown.
  await expect(fitness.getByRole("columnheader", { name: "Change" })).toBeVisible();
  const culture = page.getByRole("list", { name: "Culture types" });
  await expect(culture.getByRole("listitem")).toHaveCount(4);
  await expect(page.getByRole("link", { name: "Open the input map" })).toHaveAttribute(
    "href",
    `/t/${tenantId}/reports?inputMap=true`,
  );
  await expect(page.getByRole("link", { name: "Open the culture report" })).toHaveAttribute(
    "href",
    `/t/${tenantId}/reports/rg/culture`,
  );
  await expect(page.getByRole("region", { name: "Notifications" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("dashboard.png"), fullPage: true });
  await testInfo.attach("dashboard", {
    path: testInfo.outputPath("dashboard.png"),
    contentType: "image/png",
  });
  await expectAccessible(page, "dashboard");
  await context.close();

  const phone = await demoContext(browser, PHONE);
  const phonePage = await phone.newPage();
  await phonePage.goto(`/t/${tenantId}/dashboard`);
  await settled(phonePage, /Welcome/);
  await expect(phonePage.getByRole("table", { name: "Company Fitness Index" })).toBeVisible();
  await expectAccessible(phonePage, "dashboard at 390 px");
  expect(await overflowProblems(phonePage)).toEqual([]);
  await phone.close();
});

test("a notification click marks it read and opens the screen that resolves it", async ({ browser }) => {
  const context = await demoContext(browser);
  const page = await context.newPage();
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  await page.goto(`/t/${tenantId}/dashboard`);
  await settled(page, /Welcome/);
  const notifications = page.getByRole("region", { name: "Notifications" });
  // One notice shows (issue 18.5: one area, not a stack); the D-U-N-S notice waits for financials.
  const alert = notifications.getByRole("alert");
  await expect(alert).toHaveCount(1);
  await expect(notifications).not.toContainText("D-U-N-S");
  const title = ((await alert.locator(".mantine-Alert-title").textContent()) ?? "").trim();
  expect(title).not.toBe("");
  await alert.getByRole("button").click();
  await expect(page).not.toHaveURL(new RegExp(`/t/${tenantId}/dashboard$`));
  await page.goto(`/t/${tenantId}/dashboard`);
  await settled(page, /Welcome/);
  await expect(page.getByRole("table", { name: "Company Fitness Index" })).toBeVisible();
  await expect(page.getByText(title, { exact: true })).toHaveCount(0);
  await context.close();
});

test("a new organisation goes through the simple onboarding to the dashboard", async ({ browser }) => {
  const context = await demoContext(browser);
  const page = await context.newPage();
  const tenantId = await newOrganisation(context, page, `Onboarding ${Date.now()} Oy`);
  await settled(page, "Welcome to Kunto");
  await expectAccessible(page, "simple onboarding lander");
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Personnel survey" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Management survey" })).toBeVisible();
  await expect(page.getByText(/\/public\/#\/s\//)).toHaveCount(2);
  await expectAccessible(page, "simple onboarding links");
  await page.getByRole("button", { name: "Complete" }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${tenantId}/dashboard\\?onboardingSuccess=true`));
  const dialog = page.getByRole("dialog", { name: "Your organisation is set up" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Go to the dashboard" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/t/${tenantId}/dashboard$`));
  // The surveys exist and have no answers yet.
  await expect(page.getByRole("heading", { name: "The personnel survey has no answers yet" })).toBeVisible();
  // Completed: the wizard sends its visitor to the dashboard.
  await page.goto(`/t/${tenantId}/onboarding`);
  await expect(page).toHaveURL(new RegExp(`/t/${tenantId}/dashboard`));
  await context.close();
});

test("the onboarding wizard resumes at its stored step", async ({ browser }) => {
  const context = await demoContext(browser);
  const page = await context.newPage();
  const tenantId = await newOrganisation(context, page, `Wizard ${Date.now()} Oy`);
  await settled(page, "Welcome to Kunto");
  await page.getByRole("button", { name: "Skip" }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${tenantId}/dashboard`));
  await expect(page.getByRole("heading", { name: "No surveys yet" })).toBeVisible();
  await page.getByRole("link", { name: "Continue set-up" }).click();
  await expect(page.getByRole("heading", { name: "Company details", level: 2 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toHaveCount(0);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/onboarding\?step=2/);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/onboarding\?step=3/);
  await expect(page.getByRole("heading", { name: "Create a personnel team" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue" })).toBeDisabled();
  await expectAccessible(page, "onboarding teams step");

  // Away and back without a step in the route: the stored step.
  await page.goto(`/t/${tenantId}/dashboard`);
  await settled(page, /Welcome/);
  await page.goto(`/t/${tenantId}/onboarding`);
  await expect(page.getByRole("heading", { name: "Create a personnel team" })).toBeVisible();
  await page.getByRole("button", { name: "New team" }).click();
  const dialog = page.getByRole("dialog", { name: "New team" });
  await dialog.getByRole("textbox", { name: "Name" }).fill("Warehouse");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("list", { name: "Personnel teams" }).getByText("Warehouse")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Create a management team" })).toBeVisible();
  await context.close();
});
