import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { expectAccessible, overflowProblems, settled, tenantIdOf } from "./support";

/**
 * Issue 18.2, trend lines: the demo's Aurora Components Oy has three personnel surveys (two ended,
 * half a year apart, and the running follow-up) and two management surveys. The reports overview's
 * fitness card shows the personnel fitness index over all three (none for management: two are not
 * a line), with a category's line on demand; the category report shows that category's line. Each
 * line has its numbers in a table behind a visible toggle. Scanned with axe, also at 390 px.
 */
const ACCOUNT = "Aurora Components Oy";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const PERSONNEL_LINE = "Personnel surveys over time";

let context: BrowserContext;
let tenantId: string;

test.beforeAll(async ({ browser }) => {
  // A sandbox of its own: the specs before it add surveys to the worker's shared demo sandbox, and
  // this one counts the demo's surveys.
  context = await browser.newContext();
  expect((await context.request.post("/api/public/demo")).status()).toBe(200);
  tenantId = await tenantIdOf(context, ACCOUNT);
});
test.afterAll(async () => {
  await context.close();
});

async function openOverview(page: Page, id: string) {
  await page.goto(`/t/${id}/reports`);
  await settled(page, "Reports");
  await expect(page.getByRole("heading", { name: "Company Fitness Index" })).toBeVisible();
}

/** The trend section, once its line has loaded. */
async function trendSection(page: Page): Promise<Locator> {
  const section = page.getByRole("region", { name: "Trend over all surveys" });
  await expect(
    section.getByRole("img", { name: new RegExp(`^${PERSONNEL_LINE}: a line over 3 surveys`) }),
  ).toBeVisible();
  return section;
}

/** Opens the line's table and answers its rows (header row first). */
async function openTable(section: Locator): Promise<Locator> {
  const toggle = section.getByRole("button", { name: "Show as table" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(section.getByRole("table")).toHaveCount(0);
  await toggle.click();
  await expect(section.getByRole("button", { name: "Hide table" })).toHaveAttribute("aria-expanded", "true");
  const table = section.getByRole("table", { name: PERSONNEL_LINE });
  await expect(table).toBeVisible();
  return table.getByRole("row");
}

test.describe("trend lines (issue 18.2)", () => {
  test.describe.configure({ timeout: 180_000 });

  test("the overview's fitness card: the fitness index over every personnel survey, a category beside it, as a table", async () => {
    const page = await context.newPage();
    await openOverview(page, tenantId);
    const section = await trendSection(page);
    // Two management surveys make no line.
    await expect(section.getByText("Management surveys over time")).toHaveCount(0);
    const chart = section.getByRole("img", { name: new RegExp(`^${PERSONNEL_LINE}`) });
    await expect(chart.locator(".recharts-line")).toHaveCount(1);

    const rows = await openTable(section);
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0).getByRole("columnheader")).toHaveText(["Survey", "Company Fitness Index"]);
    // Oldest first: the survey half a year ago, the one selected, then the running follow-up.
    await expect(rows.nth(1).getByRole("rowheader")).toContainText("Personnel survey");
    await expect(rows.nth(2).getByRole("rowheader")).toContainText("Personnel survey");
    await expect(rows.nth(3).getByRole("rowheader")).toContainText("Personnel follow-up");
    for (const n of [1, 2]) await expect(rows.nth(n).getByRole("cell")).toHaveText([/^\d+ %$/]);
    await expect(rows.nth(3).getByRole("cell")).toHaveText([/^(\d+ %|Withheld)$/]);
    // The selected survey's point is the number the card shows for it, rounded the same way.
    const selected = (await rows.nth(2).getByRole("cell").first().textContent())?.trim() ?? "";
    const result = page
      .getByRole("region", { name: "Company Fitness Index" })
      .getByRole("row", { name: /^Result/ });
    await expect(result).toContainText(selected);

    // A category's line beside the fitness index, in the table too.
    await section.getByLabel("Compare with a category").selectOption({ label: "Leadership" });
    await expect(chart.locator(".recharts-line")).toHaveCount(2);
    await expect(rows.nth(0).getByRole("columnheader")).toHaveText([
      "Survey",
      "Company Fitness Index",
      "Leadership",
    ]);
    await expect(rows.nth(1).getByRole("cell")).toHaveText([/^\d+ %$/, /^(\d+ %|Withheld|No data)$/]);
    await expectAccessible(page, "reports overview with the trend table open");
    await page.close();
  });

  test("the category report: that category's line over every personnel survey, as a table", async () => {
    const page = await context.newPage();
    await page.goto(`/t/${tenantId}/reports/rg/leadership`);
    await settled(page, "Leadership");
    const section = await trendSection(page);
    const rows = await openTable(section);
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0).getByRole("columnheader")).toHaveText(["Survey", "Leadership"]);
    await expect(rows.nth(1).getByRole("cell")).toHaveText([/^(\d+ %|Withheld|No data)$/]);
    await expectAccessible(page, "category report with the trend table open");
    await page.close();
  });
});

test("trend lines at 390 px: no sideways scrolling and no axe violation", async ({ browser }) => {
  test.setTimeout(180_000);
  const phone = await browser.newContext({ ...PHONE, storageState: await context.storageState() });
  const id = tenantId;
  const page = await phone.newPage();
  await openOverview(page, id);
  const section = await trendSection(page);
  await section.getByLabel("Compare with a category").selectOption({ label: "Efficiency" });
  await openTable(section);
  expect(await overflowProblems(page)).toEqual([]);
  await expectAccessible(page, "trend line at 390 px");
  await page.goto(`/t/${id}/reports/rg/efficiency`);
  await settled(page, "Efficiency");
  await openTable(await trendSection(page));
  expect(await overflowProblems(page)).toEqual([]);
  await expectAccessible(page, "category trend line at 390 px");
  await phone.close();
});
