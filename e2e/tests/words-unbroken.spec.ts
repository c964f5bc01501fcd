import { expect, test } from "@playwright/test";
import { brokenWords, demoContext, settled, tenantIdOf } from "./support";

/**
 * Issue 19.9: no word is broken in the middle on a 390 px phone, in any of the five languages
 * (before: "Leadershi/p" and "Эффектив/ность" in the report tables, "OPPORTU/NITY" in badges). The
 * demo's screens with the most numbers and badges: the dashboard, the reports overview, two
 * category reports and the task board.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LANGUAGES = ["en", "fi", "ee", "ru", "pl"] as const;
/** The `lang` of the page: BCP 47, Estonian is `et` (hyphenation and screen readers use it). */
const LOCALES = { en: "en", fi: "fi", ee: "et", ru: "ru", pl: "pl" } as const;

type State = Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;
const demo: { state?: State; tenantId?: string } = {};

test.beforeAll(async ({ browser }) => {
  const context = await demoContext(browser);
  demo.tenantId = await tenantIdOf(context, "Aurora Components Oy");
  demo.state = await context.storageState();
  await context.close();
});

test.describe("issue 19.9: no word broken in the middle at 390 px", () => {
  test.describe.configure({ timeout: 180_000 });

  for (const language of LANGUAGES) {
    test(`in ${language}`, async ({ browser }) => {
      const context = await browser.newContext({ ...PHONE, storageState: demo.state });
      await context.addInitScript((lang) => localStorage.setItem("kunto.language", lang), language);
      const page = await context.newPage();
      const base = `/t/${demo.tenantId}`;
      for (const [what, path] of [
        ["dashboard", `${base}/dashboard`],
        ["reports overview", `${base}/reports`],
        ["efficiency report", `${base}/reports/rg/efficiency`],
        ["leadership report", `${base}/reports/rg/leadership`],
        ["task board", `${base}/tasks`],
      ] as const) {
        await page.goto(path);
        await settled(page);
        await expect(page.locator("html"), `${what}: the page's language`).toHaveAttribute(
          "lang",
          LOCALES[language],
        );
        expect
          .soft(await brokenWords(page), `${what} in ${language}: words broken in the middle`)
          .toEqual([]);
      }
      await context.close();
    });
  }
});
