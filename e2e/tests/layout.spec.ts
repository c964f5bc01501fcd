import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  ADMIN,
  demoContext,
  expectAccessible,
  overflowProblems,
  settled,
  signedInContext,
  tenantIdOf,
} from "./support";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LANGUAGES = ["en", "fi", "ee", "ru", "pl"] as const;
type Language = (typeof LANGUAGES)[number];

type State = Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>>;
const sessions: { admin?: State; demo?: State; tenantId?: string } = {};

// One sign-in per role for the whole file: every sign-in counts against the address's limit.
test.beforeAll(async ({ browser }) => {
  const admin = await signedInContext(browser, ADMIN);
  sessions.admin = await admin.storageState();
  await admin.close();
  const demo = await demoContext(browser);
  sessions.tenantId = await tenantIdOf(demo, "Aurora Components Oy");
  sessions.demo = await demo.storageState();
  await demo.close();
});

/** A phone-sized browser in `language`: kept in the browser, and for the admin in the profile. */
async function phone(browser: Browser, language: Language, storageState?: State) {
  const context = await browser.newContext({ ...PHONE, storageState });
  await context.addInitScript((lang) => localStorage.setItem("kunto.language", lang), language);
  return context;
}

async function check(page: Page, what: string) {
  expect.soft(await overflowProblems(page), `${what} at 390 px`).toEqual([]);
  // The outside review scans every screen with axe at phone size in all five languages.
  await expectAccessible(page, `${what} at 390 px`);
  // Issue 6.18: the tenant is an organisation in every language.
  await expect.soft(page.locator("body"), `${what}: the word "tenant"`).not.toContainText(/tenant/i);
}

test.describe("issue 6.17: every screen fits a 390 px phone", () => {
  test.describe.configure({ timeout: 300_000 });

  for (const language of LANGUAGES) {
    test(`in ${language}`, async ({ browser, baseURL }) => {
      const out = await phone(browser, language);
      const page = await out.newPage();
      await page.goto("/login");
      await settled(page);
      await check(page, "sign-in");
      await page.goto("/signup");
      await settled(page);
      await check(page, "sign-up");
      await out.close();

      const admin = await phone(browser, language, sessions.admin);
      const adminPage = await admin.newPage();
      const setLanguage = (lang: Language) =>
        adminPage.request.put(`/api/user/set-language/${lang}`, {
          headers: { "content-type": "application/json", origin: baseURL ?? "" },
          data: {},
        });
      expect((await setLanguage(language)).status()).toBe(200);
      try {
        for (const path of [
          "/tenants",
          "/users",
          "/me",
          "/new_account",
          "/surveytemplates",
          "/surveytemplates/new",
          "/categories",
          "/tasksmanagement",
          "/adminmessagecenter",
          "/adminmessagecenter/message/new",
          "/translations",
        ]) {
          await adminPage.goto(path);
          await settled(adminPage);
          await check(adminPage, `admin ${path}`);
        }
        // The survey template editor's two tabs (issue 7).
        await adminPage.goto("/surveytemplates/default-personnel");
        await settled(adminPage);
        await check(adminPage, "survey template basic info");
        await adminPage.getByRole("tab").nth(1).click();
        await expect(adminPage.getByTestId("question-0")).toBeVisible();
        await check(adminPage, "survey template questions");
        await adminPage.goto("/tenants");
        await settled(adminPage);
        await adminPage
          .getByRole("button", { name: /Aurora Logistics OÜ/ })
          .first()
          .click();
        await expect(adminPage.getByRole("menu")).toBeVisible();
        await check(adminPage, "organisation actions menu");
        // The first entry of the row menu: the organisation's users, in a dialog.
        await adminPage.getByRole("menuitem").first().click();
        await expect(adminPage.getByRole("dialog")).toBeVisible();
        await check(adminPage, "organisation users dialog");
        await adminPage.keyboard.press("Escape");
        await expect(adminPage.getByRole("dialog")).toBeHidden();
        // The page's main button opens the add dialog, in any language.
        await adminPage.getByRole("main").getByRole("button").first().click();
        await expect(adminPage.getByRole("dialog")).toBeVisible();
        await check(adminPage, "add organisation dialog");
        await adminPage.goto("/users");
        await settled(adminPage);
        await adminPage.getByRole("main").getByRole("button").first().click();
        await expect(adminPage.getByRole("dialog")).toBeVisible();
        await check(adminPage, "create user dialog");
        // Issue 20.5: every organisation's audit log.
        await adminPage.goto("/audit");
        await settled(adminPage);
        await check(adminPage, "platform audit log");
        await adminPage.goto("/me");
        await settled(adminPage);
        await adminPage.getByTestId("totp-set-up").click();
        await expect(adminPage.getByTestId("totp-secret")).toBeVisible();
        await check(adminPage, "two-step set-up");
      } finally {
        await setLanguage("en");
        await admin.close();
      }

      const demo = await phone(browser, language, sessions.demo);
      const demoPage = await demo.newPage();
      const base = `/t/${sessions.tenantId}`;
      for (const path of [
        "/",
        `${base}/dashboard`,
        `${base}/users`,
        `${base}/settings`,
        `${base}/messages`,
        `${base}/analyses`,
        `${base}/teams`,
        `${base}/analyses/new`,
        `${base}/onboarding?step=1`,
        `${base}/onboarding?step=6`,
        `${base}/reports`,
        `${base}/reports/rg/efficiency`,
        `${base}/reports/rg/culture`,
        `${base}/tasks`,
        `${base}/worktasks`,
        `${base}/items`,
        `${base}/parties`,
        `${base}/party`,
        `${base}/persons`,
        `${base}/person`,
        `${base}/financials`,
        `${base}/welcome`,
        `${base}/audit`,
        "/users",
      ]) {
        await demoPage.goto(path);
        await settled(demoPage);
        await check(demoPage, `organisation admin ${path}`);
      }
      // Issue 18.1: the board's suggested tasks from the latest results.
      await demoPage.goto(`${base}/tasks`);
      await settled(demoPage);
      await demoPage.getByTestId("latest-suggestions").click();
      await expect(demoPage.getByRole("dialog").getByRole("listitem").first()).toBeVisible();
      await check(demoPage, "suggested tasks from the latest results");
      await demoPage.keyboard.press("Escape");
      await expect(demoPage.getByRole("dialog")).toBeHidden();
      await demoPage.goto(`${base}/users`);
      await settled(demoPage);
      // Issue 6.6: the demo banner's list of mails not sent.
      await demoPage.locator("main [data-demo-mail]").click();
      await expect(demoPage.getByRole("dialog")).toBeVisible();
      await check(demoPage, "mail in this demo dialog");
      await demoPage.keyboard.press("Escape");
      await expect(demoPage.getByRole("dialog")).toBeHidden();
      await demoPage.locator("main button:not([data-demo-mail])").first().click();
      await expect(demoPage.getByRole("dialog")).toBeVisible();
      await check(demoPage, "add user dialog");
      await demo.close();

      // Staff on the public voting page (issue 9), in the language asked for.
      const staff = await phone(browser, language);
      const voting = await staff.newPage();
      await voting.goto(`/public/#/tasks/vote/${sessions.tenantId}?lang=${language}`);
      await expect(voting.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(voting.getByRole("listitem").first()).toBeVisible();
      await check(voting, "task voting page");
      await staff.close();
    });
  }
});
