import { type Browser, expect, type Page, test } from "@playwright/test";
import { demoContext, expectAccessible, overflowProblems, settled, tenantIdOf } from "./support";

/**
 * Issue 7, the admin's part: an organisation admin creates a team and a survey, shares it with the
 * team and copies the link; the single survey view shows the answer count. Every new screen and
 * dialog is scanned with axe and checked at 390 px in the five languages.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LANGUAGES = ["en", "fi", "ee", "ru", "pl"] as const;

async function scanDialog(page: Page, name: string | RegExp, open: () => Promise<void>) {
  // A toast of the previous step fading out under the dialog's overlay is scanned mid-fade (its
  // blended colours fail contrast); the dialog is scanned once the toast has gone (2 s).
  await expect(page.locator(".mantine-Notification-root")).toHaveCount(0, { timeout: 10_000 });
  await open();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, `dialog ${name}`);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
}

const state: { surveyPath?: string; createdPath?: string; tenantId?: string; storage?: unknown } = {};

async function phone(browser: Browser, language: string) {
  const context = await browser.newContext({
    ...PHONE,
    storageState: state.storage as never,
  });
  await context.addInitScript((lang) => localStorage.setItem("kunto.language", lang), language);
  return context;
}

test.describe.configure({ mode: "serial", timeout: 300_000 });

test("an admin creates a team and a survey, copies the team's link and sees the answer count", async ({
  browser,
}) => {
  const context = await demoContext(browser, { permissions: ["clipboard-read", "clipboard-write"] });
  const page = await context.newPage();
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  state.tenantId = tenantId;
  const teamName = `E2E team ${Date.now()}`;

  // A team in the organisation's settings: unparseable recipients are reported first.
  await page.goto(`/t/${tenantId}/settings`);
  await settled(page, "Settings");
  await page.getByRole("button", { name: "New team" }).click();
  const dialog = page.getByRole("dialog", { name: "New team" });
  await dialog.getByText("Personnel", { exact: true }).click();
  await dialog.getByLabel("Name").fill(teamName);
  await dialog.getByLabel("Recipients").fill("anna@example.test, no-address; ben@example.test");
  await expect(dialog.getByText("Could not parse valid email addresses")).toBeVisible();
  await expectAccessible(page, "team dialog with unparseable recipients");
  await dialog.getByLabel("Recipients").fill("anna@example.test, ben@example.test; anna@example.test");
  await expect(dialog.getByText("2 of", { exact: false })).toBeVisible();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId("team-row").filter({ hasText: teamName });
  await expect(row).toContainText("2 recipients");
  await expectAccessible(page, "settings with the teams card");
  await scanDialog(page, "Edit team", () =>
    page.getByRole("button", { name: `Edit team ${teamName}` }).click(),
  );
  await scanDialog(page, "Delete team", () =>
    page.getByRole("button", { name: `Delete team ${teamName}` }).click(),
  );

  // A survey with the defaults: today until a week from today.
  await page.goto(`/t/${tenantId}/analyses`);
  await settled(page, "Surveys");
  await expectAccessible(page, "survey list");
  await page.getByRole("link", { name: "New survey" }).first().click();
  await settled(page, "New survey");
  await page.getByRole("button", { name: "Create survey" }).click();
  await expect(page.getByText("Choose the survey type.").first()).toBeVisible();
  await expectAccessible(page, "create survey with errors");
  await page.getByText("Personnel survey", { exact: true }).click();
  await page.getByLabel("Name").fill(`E2E survey ${Date.now()}`);
  await page.getByRole("button", { name: "Create survey" }).click();
  await settled(page, "Survey created");
  state.createdPath = new URL(page.url()).pathname;

  // Share with the new team, then copy its link.
  await page.getByRole("combobox", { name: "Share with a team" }).click();
  await page.getByRole("option", { name: teamName }).click();
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const link = page.getByRole("textbox", { name: `Link for ${teamName}` });
  await expect(link).toHaveValue(/\/public\/#\/s\/[a-z2-7]{40}\/e2e-team-\d+$/);
  await page.getByRole("button", { name: `Copy link for ${teamName}` }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Link copied" })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await link.inputValue());
  await expectAccessible(page, "survey created with its share card");
  await scanDialog(page, "Share by e-mail", () =>
    page.getByRole("button", { name: "Share by e-mail" }).click(),
  );
  // Issue 19.11: a pasted column of addresses, each one can be left out; no contradiction between
  // an error and the count; the invitation's language starts as the organisation's.
  await page.getByRole("button", { name: "Share by e-mail" }).click();
  const mail = page.getByRole("dialog", { name: "Share by e-mail" });
  await expect(mail.getByRole("combobox", { name: "Language of the invitation" })).toHaveValue("Suomi");
  await mail.getByRole("button", { name: "Send" }).click();
  await expect(mail.getByText("Add at least one address to send to.")).toBeVisible();
  await expect(mail.getByText("Field is required")).toHaveCount(0);
  await mail.getByLabel("Recipients").fill("anna@example.test\nben@example.test\ncarl@example.test");
  const sendTo = mail.getByRole("group", { name: "Send to" });
  await expect(sendTo.getByRole("checkbox")).toHaveCount(3);
  await expect(mail.getByText(/^3 (of \d+ )?recipients$/)).toBeVisible();
  await sendTo.getByRole("checkbox", { name: "ben@example.test" }).uncheck();
  await expect(mail.getByText(/^2 (of \d+ )?recipients$/)).toBeVisible();
  await expectAccessible(page, "share by e-mail with recipients");
  await mail.getByRole("button", { name: "Close", exact: true }).click();
  await expect(mail).toBeHidden();

  // The single survey view: the answer count, the period, the dialogs.
  await page.getByRole("link", { name: "Open the survey" }).click();
  await expect(page.getByTestId("total-answers")).toHaveText("0");
  state.surveyPath = new URL(page.url()).pathname;
  await expect(page.getByText("Ongoing")).toBeVisible();
  await expectAccessible(page, "single survey");
  await scanDialog(page, "Edit schedule", () => page.getByRole("button", { name: "Edit schedule" }).click());
  await scanDialog(page, "Expected answers", () => page.getByRole("button", { name: "Change" }).click());
  await scanDialog(page, "Delete survey", () => page.getByRole("button", { name: "Delete survey" }).click());

  // Ending it: the share card gives way to the team and its members; the dialog now reopens.
  await page.getByRole("button", { name: "Edit schedule" }).click();
  await page.getByRole("dialog", { name: "Edit schedule" }).getByRole("button", { name: "End now" }).click();
  await expect(page.getByText("Ended", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: new RegExp(`${teamName} \\(2\\)`) }).click();
  await expect(page.getByText("anna@example.test")).toBeVisible();
  await expectAccessible(page, "ended survey with its teams");
  await scanDialog(page, "Reopen survey", () => page.getByRole("button", { name: "Reopen" }).click());
  await page.getByRole("button", { name: "Reopen" }).click();
  await page.getByRole("dialog", { name: "Reopen survey" }).getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByText("Ongoing")).toBeVisible();
  state.storage = await context.storageState();
  await context.close();
});

test("the survey screens fit a 390 px phone in every language", async ({ browser }) => {
  expect(state.surveyPath, "the first test made a survey").toBeTruthy();
  for (const language of LANGUAGES) {
    const context = await phone(browser, language);
    const page = await context.newPage();
    for (const path of [
      `/t/${state.tenantId}/analyses`,
      `/t/${state.tenantId}/analyses/new`,
      state.createdPath ?? "",
      state.surveyPath ?? "",
      `/t/${state.tenantId}/settings`,
    ]) {
      await page.goto(path);
      await settled(page);
      expect.soft(await overflowProblems(page), `${path} in ${language} at 390 px`).toEqual([]);
    }
    // The schedule dialog and the estimate dialog of the single survey view.
    await page.goto(state.surveyPath ?? "");
    await settled(page);
    await page.getByTestId("edit-schedule").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect.soft(await overflowProblems(page), `single survey dialog in ${language}`).toEqual([]);
    await page.keyboard.press("Escape");
    await page.goto(`/t/${state.tenantId}/settings`);
    await settled(page);
    await page.getByTestId("new-team").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect.soft(await overflowProblems(page), `team dialog in ${language}`).toEqual([]);
    await context.close();
  }
});
