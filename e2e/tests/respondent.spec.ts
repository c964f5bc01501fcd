import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { demoContext, expectAccessible, overflowProblems, tenantIdOf } from "./support";

/**
 * Issue 7: the public respondent page on a phone. Surveys and shares are made through the admin's
 * REST calls as the signed-in demo sandbox admin; the respondent is a fresh browser without any
 * cookie.
 */
const PHONE = { viewport: { width: 390, height: 844 } };
const DAY = 24 * 60 * 60 * 1000;
/** Survey days are Helsinki days (the admin screens' rule). */
const day = (offset: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Helsinki" }).format(
    new Date(Date.now() + offset * DAY),
  );

let admin: BrowserContext;
let api: APIRequestContext;
let headers: Record<string, string>;

test.beforeAll(async ({ browser, baseURL }) => {
  admin = await demoContext(browser);
  api = admin.request;
  headers = { "x-tenant-id": await tenantIdOf(admin, "Aurora Components Oy"), origin: baseURL ?? "" };
});
test.afterAll(async () => {
  await admin?.close();
});

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(response.ok(), `${response.url()} ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A personnel survey from `start` to `end` (days from today) shared with a new team: its link's hash. */
async function sharedSurvey(start: number, end: number): Promise<{ surveyKey: string; hash: string }> {
  const team = await json<{ key: string }>(
    await api.post("/api/tenant/team", {
      headers,
      data: { name: `Myynti ${Date.now().toString(36)}`, type: "PERSONNEL" },
    }),
  );
  const survey = await json<{ key: string }>(
    await api.post("/api/tenant/survey", {
      headers,
      data: { type: "PERSONNEL", start: day(start), end: day(end), notifications: null },
    }),
  );
  const share = await json<{ links: { url: string }[] }>(
    await api.post("/api/tenant/surveyshare", {
      headers,
      data: { name: "Myynti", surveyKey: survey.key, teams: [team.key] },
    }),
  );
  const url = new URL(share.links[0]?.url ?? "");
  expect(url.pathname).toBe("/public/");
  return { surveyKey: survey.key, hash: url.hash };
}

async function checkState(page: Page, what: string) {
  await expectAccessible(page, `respondent page: ${what}`);
  expect(await overflowProblems(page), `390 px: ${what}`).toEqual([]);
}

/** Answers the question on screen: a slider by keyboard, a choice by pointer (autojump moves on). */
async function answerAll(page: Page) {
  const sendHeading = page.getByRole("heading", { level: 1, name: "Lähetä vastauksesi" });
  for (let i = 0; i < 200; i++) {
    if (await sendHeading.isVisible()) return;
    const progress = await page.getByRole("progressbar").getAttribute("aria-label");
    const slider = page.getByRole("slider");
    if (await slider.isVisible()) {
      await slider.focus();
      await page.keyboard.press("ArrowRight");
      await expect(slider).not.toHaveAttribute("aria-valuetext", "Ei vastattu");
      await page.getByRole("button", { name: /^(Seuraava|Tarkista ja lähetä)$/ }).click();
    } else {
      await page.getByRole("radio").first().click();
    }
    await expect
      .poll(async () =>
        (await sendHeading.isVisible())
          ? "send"
          : await page.getByRole("progressbar").getAttribute("aria-label"),
      )
      .not.toBe(progress);
  }
  throw new Error("the send page never came");
}

test.describe("issue 7: the respondent page", () => {
  test.describe.configure({ timeout: 300_000 });

  test("a respondent answers in Finnish, loses the connection before sending, reloads and sends once", async ({
    browser,
  }) => {
    const { surveyKey, hash } = await sharedSurvey(0, 5);
    // The admin watches the survey's own page; it must update by itself (issue 7).
    const watcher = await admin.newPage();
    await watcher.goto(`/t/${headers["x-tenant-id"]}/analyses/s/${surveyKey}`);
    await expect(watcher.getByTestId("total-answers")).toHaveText("0");
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`/public/${hash}?lang=fi`);
    await expect(page.getByRole("heading", { level: 1, name: "Henkilöstökysely" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "fi");
    await expect(page.getByText(/Tervetuloa henkilöstökyselyyn/)).toBeVisible();
    await checkState(page, "welcome");

    await page.getByRole("button", { name: "Aloita" }).click();
    await expect(page.getByRole("progressbar", { name: /^Kysymys 1\/\d+$/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2 })).toBeVisible();
    await checkState(page, "a slider question");

    // The language can be switched on the page; the answers stay.
    await page.getByLabel("Kieli").selectOption("en");
    await expect(page.getByRole("progressbar", { name: /^Question 1 of \d+$/ })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByLabel("Language").selectOption("fi");
    await expect(page.getByRole("progressbar", { name: /^Kysymys 1\/\d+$/ })).toBeVisible();

    await answerAll(page);
    await expect(page.getByText(/^Vastasit (\d+)\/\1 kysymykseen/)).toBeVisible();
    await checkState(page, "send");

    // The connection drops as the answers are sent.
    await page.route("**/api/public/survey/**/response", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Lähetä vastaukset" }).click();
    await expect(page.getByRole("alert")).toContainText("Vastauksiasi ei voitu lähettää");
    // The keyboard focus stayed on the button, which now offers to try again.
    await expect(page.getByRole("button", { name: "Yritä uudelleen" })).toBeFocused();
    await checkState(page, "send failed");
    await page.unroute("**/api/public/survey/**/response");

    // A reload keeps every answer and where the respondent was.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Lähetä vastauksesi" })).toBeVisible();
    await expect(page.getByText(/^Vastasit (\d+)\/\1 kysymykseen/)).toBeVisible();
    await page.getByRole("button", { name: "Lähetä vastaukset" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Kiitos vastauksistasi!" })).toBeVisible();
    await checkState(page, "done");

    // Stored once; the admin sees the answer.
    const survey = await json<{ totalAnswers: number }>(
      await api.get(`/api/tenant/survey/${surveyKey}`, { headers }),
    );
    expect(survey.totalAnswers).toBe(1);
    // The admin's page shows the answer and the day's count without a reload.
    await expect(watcher.getByTestId("total-answers")).toHaveText("1");
    const perDay = watcher.getByRole("table", { name: "Answers per day" });
    await expect(perDay.getByRole("row")).toHaveCount(1);
    await expect(perDay.getByRole("cell")).toHaveText(["1"]);
    await watcher.close();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Kiitos vastauksistasi!" })).toBeVisible();

    // The same browser answering again (its saved answers cleared, its token kept) is recognised.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith("kunto.respondent.") && key !== "kunto.respondent.browserToken")
          localStorage.removeItem(key);
    });
    await page.reload();
    await page.getByRole("button", { name: "Aloita" }).click();
    await page.getByRole("slider").focus();
    await page.keyboard.press("End");
    await page.getByRole("button", { name: "Seuraava" }).click();
    await page.getByRole("progressbar", { name: /^Kysymys 2\// }).waitFor();
    // Skip to the send page.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith("kunto.respondent.") && k.includes("/"));
      if (!key) return;
      const saved = JSON.parse(localStorage.getItem(key) ?? "{}");
      localStorage.setItem(key, JSON.stringify({ ...saved, step: 10_000 }));
    });
    await page.reload();
    await page.getByRole("button", { name: "Lähetä vastaukset" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Olet jo vastannut" })).toBeVisible();
    await checkState(page, "already answered");
    expect(
      (await json<{ totalAnswers: number }>(await api.get(`/api/tenant/survey/${surveyKey}`, { headers })))
        .totalAnswers,
    ).toBe(1);
    await context.close();
  });

  test("fits a 390 px phone in every language: welcome, questions, the send page", async ({ browser }) => {
    const { hash } = await sharedSurvey(0, 5);
    const start = { en: "Start", fi: "Aloita", ee: "Alusta", ru: "Начать", pl: "Rozpocznij" } as const;
    for (const [language, label] of Object.entries(start)) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      await page.goto(`/public/${hash}?lang=${language}`);
      await page.getByRole("button", { name: label }).waitFor();
      await expect(page.locator("html")).toHaveAttribute("lang", language === "ee" ? "et" : language);
      expect(await overflowProblems(page), `welcome in ${language}`).toEqual([]);
      await page.getByRole("button", { name: label }).click();
      await expect(page.getByRole("progressbar")).toBeVisible();
      expect(await overflowProblems(page), `first question in ${language}`).toEqual([]);
      // Every question screen, quickly: skip through to the send page.
      const progress = page.getByRole("progressbar");
      const total = Number((await progress.getAttribute("max")) ?? 0);
      for (let i = 1; i <= total; i++) {
        expect(await overflowProblems(page), `question ${i} in ${language}`).toEqual([]);
        await page.locator(".actions .button.primary").click();
      }
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await overflowProblems(page), `send page in ${language}`).toEqual([]);
      await context.close();
    }
  });

  test("says plainly when a survey has not started, has ended, or the link is unknown", async ({
    browser,
  }) => {
    const upcoming = await sharedSurvey(2, 6);
    const ended = await sharedSurvey(0, 5);
    await json(await api.put(`/api/tenant/survey/${ended.surveyKey}`, { headers, data: { endNow: true } }));
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();

    await page.goto(`/public/${upcoming.hash}?lang=en`);
    await expect(
      page.getByRole("heading", { level: 1, name: "This survey has not started yet" }),
    ).toBeVisible();
    await expect(page.getByText(/The survey opens on /)).toBeVisible();
    await checkState(page, "before start");

    await page.goto(`/public/${ended.hash}?lang=en`);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "This survey has ended" })).toBeVisible();
    await checkState(page, "ended");

    await page.goto("/public/#/s/no-such-share-key/no-team?lang=en");
    await page.reload();
    await expect(
      page.getByRole("heading", { level: 1, name: "This survey link is not known" }),
    ).toBeVisible();
    await checkState(page, "unknown link");

    await page.goto("/public/#/s/no-such-share-key/no-team?lang=pl");
    await page.reload();
    await expect(
      page.getByRole("heading", { level: 1, name: "Nie rozpoznano linku do ankiety" }),
    ).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    await context.close();
  });
});
