import { readFile } from "node:fs/promises";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { demoContext, expectAccessible, overflowProblems, settled, tenantIdOf } from "./support";

/**
 * Issue 8, reports: on the demo sandbox's Aurora Components Oy (PRO; an ended personnel and
 * management pair and the pair half a year earlier), the overview with both surveys selected, a
 * category report, the heatmap with a small team withheld, the input-map deep link and a
 * PDF export that holds the account's name. Every screen is scanned with axe, also at 390 px.
 */
const ACCOUNT = "Aurora Components Oy";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  return pages.join("\n");
}

async function openOverview(page: Page, tenantId: string, query = "") {
  await page.goto(`/t/${tenantId}/reports${query}`);
  await settled(page, "Reports");
  await expect(page.getByRole("heading", { name: "Company Fitness Index" })).toBeVisible();
}

let context: BrowserContext;
let tenantId: string;

test.beforeAll(async ({ browser }) => {
  context = await demoContext(browser);
  tenantId = await tenantIdOf(context, ACCOUNT);
});
test.afterAll(async () => {
  await context.close();
});

test.describe("reports (issue 8)", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the overview with both surveys selected: fitness, categories with trends, culture, input map", async () => {
    const testInfo = test.info();
    const page = await context.newPage();
    await page.goto(`/t/${tenantId}/dashboard`);
    await page.getByRole("link", { name: "Reports" }).first().click();
    await settled(page, "Reports");
    const selection = page.getByRole("region", { name: "Report selection" });
    await expect(selection.getByLabel("Personnel survey")).toHaveValue(/Personnel survey/);
    await expect(selection.getByLabel("Management survey")).toHaveValue(/Management survey/);
    await expect(page.getByRole("heading", { name: "Company Fitness Index" })).toBeVisible();
    const categories = page.getByRole("region", { name: "Categories" });
    for (const name of ["Efficiency", "Capability", "Leadership", "Economy and customers"])
      await expect(categories.getByRole("heading", { name, exact: true })).toBeVisible();
    // The demo has the same pair half a year earlier: the cards carry the change since then.
    await expect(categories.getByText(/since previous/).first()).toBeVisible();
    await expect(page.getByRole("table").filter({ hasText: "Culture type" })).toBeVisible();
    const inputMap = page.getByRole("region", { name: "Input map" });
    await expect(inputMap.getByRole("row")).toHaveCount(8);
    // Kept as an artefact: written into the test's output folder and attached to the report.
    const shot = testInfo.outputPath("reports-overview.png");
    await page.screenshot({ path: shot, fullPage: true });
    await testInfo.attach("reports-overview", { path: shot, contentType: "image/png" });
    await expectAccessible(page, "reports overview");
    // The tasks modal of a category card.
    await categories.getByRole("button", { name: "Tasks" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Tasks of this category" });
    await expect(dialog.getByRole("link", { name: "Open the task board" })).toHaveAttribute(
      "href",
      `/t/${tenantId}/tasks/efficiency`,
    );
    await expectAccessible(page, "category tasks dialog");
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await page.close();
  });

  test("the heatmap withholds the small team and the one it could be derived from", async () => {
    const page = await context.newPage();
    await openOverview(page, tenantId);
    const heatmap = page.getByRole("region", { name: "Heatmap" });
    const table = heatmap.getByRole("table", { name: "Personnel: categories by team" });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader", { name: /Production night shift/ })).toBeVisible();
    const header = await table.getByRole("columnheader").allTextContents();
    const night = header.findIndex((h) => h.startsWith("Production night shift"));
    const efficiency = table
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "Efficiency", exact: true }) });
    await expect(efficiency.getByRole("cell").nth(night - 1)).toHaveText("Withheld");
    // Choosing only the small team withholds every number and says how many are missing.
    await page
      .getByRole("group", { name: "Personnel teams" })
      .getByText(/^Production night shift/)
      .click();
    await expect(page.getByText("Not enough answers to protect anonymity").first()).toBeVisible();
    await expect(page.getByText(/2 more answers are needed/)).toBeVisible();
    await expectAccessible(page, "reports with a withheld selection");
    await page.close();
  });

  test("a category report with per-question values and wording, reached from its card and by deep link", async () => {
    const page = await context.newPage();
    await openOverview(page, tenantId);
    await page
      .getByRole("region", { name: "Categories" })
      .getByRole("link", { name: "Open the report Efficiency" })
      .click();
    await settled(page, "Efficiency");
    for (const name of ["Organisation", "Processes", "Cooperation"])
      await expect(page.getByRole("region", { name, exact: true })).toBeVisible();
    await expect(page.getByText(/Standard deviation \d+/).first()).toBeVisible();
    await expectAccessible(page, "category report");
    // Deep link to a subcategory: scrolled to after 500 ms.
    await page.goto(`/t/${tenantId}/reports/rg/capability/motivation`);
    await settled(page, "Capability");
    await expect(page.locator("#sub-motivation")).toBeInViewport({ timeout: 5_000 });
    await page.goto(`/t/${tenantId}/reports/rg/leadership`);
    await settled(page, "Leadership");
    // The hash form of document 2 §2 opens the same report at its path.
    await page.goto(`/#/t/${tenantId}/reports/rg/capability/motivation`);
    await settled(page, "Capability");
    await expect(page).toHaveURL(new RegExp(`/t/${tenantId}/reports/rg/capability/motivation$`));
    await page.close();
  });

  test("the input map link scrolls to the input map", async () => {
    const page = await context.newPage();
    await openOverview(page, tenantId, "?inputMap=true");
    await expect(page.getByRole("region", { name: "Input map" })).toBeInViewport({ timeout: 5_000 });
    await page.close();
  });

  test("exports a PDF that holds the account's name", async () => {
    const page = await context.newPage();
    await openOverview(page, tenantId);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "PDF" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const path = await download.path();
    const text = await pdfText(new Uint8Array(await readFile(path)));
    expect(text).toContain(ACCOUNT);
    expect(text).toContain("Company Fitness Index");
    await page.close();
  });
});

test("reports at 390 px: no sideways scrolling and no axe violation", async ({ browser }) => {
  test.setTimeout(180_000);
  const phone = await demoContext(browser, PHONE);
  const id = await tenantIdOf(phone, ACCOUNT);
  const page = await phone.newPage();
  await openOverview(page, id);
  expect(await overflowProblems(page)).toEqual([]);
  await expectAccessible(page, "reports overview at 390 px");
  await page.goto(`/t/${id}/reports/rg/efficiency`);
  await settled(page, "Efficiency");
  expect(await overflowProblems(page)).toEqual([]);
  await expectAccessible(page, "category report at 390 px");
  await phone.close();
});
