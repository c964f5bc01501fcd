import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
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

/**
 * Answers the question on screen: a 0–10 scale by keyboard (arrow keys do not move on), a choice by
 * pointer (autojump moves on).
 */
async function answerAll(page: Page) {
  const sendHeading = page.getByRole("heading", { level: 1, name: "Lähetä vastauksesi" });
  for (let i = 0; i < 200; i++) {
    if (await sendHeading.isVisible()) return;
    const progress = await page.getByRole("progressbar").getAttribute("aria-label");
    const scale = page.getByRole("radiogroup");
    if (await scale.isVisible()) {
      await expect(scale.getByRole("radio", { checked: true })).toHaveCount(0);
      await scale.getByRole("radio").first().focus();
      await page.keyboard.press("ArrowRight");
      await expect(scale.getByRole("radio", { checked: true })).toHaveCount(1);
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

    // A reload keeps every answer and where the respondent was, and sends again by itself (issue
    // 19.4); still cut off, that fails again and waits.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Lähetä vastauksesi" })).toBeVisible();
    await expect(page.getByText(/^Vastasit (\d+)\/\1 kysymykseen/)).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Vastauksiasi ei voitu lähettää");
    await page.unroute("**/api/public/survey/**/response");
    await page.getByRole("button", { name: "Yritä uudelleen" }).click();
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
    // A tap on the scale moves on by itself (the template's autojump).
    await page.getByRole("radiogroup").getByRole("radio").last().click();
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
    // The first day as every date of the product is written (DD/MM/YYYY in English), no time.
    const [y, m, d] = day(2).split("-");
    await expect(
      page.getByText(`The survey opens on ${d}/${m}/${y}. Come back then with the same link.`),
    ).toBeVisible();
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

/** The link's share key and team, from its hash `#/s/{shareKey}/{team}`. */
function linkOf(hash: string): { shareKey: string; team: string } {
  const [, shareKey = "", team = ""] = /^#\/s\/([^/]+)\/([^/?]+)/.exec(hash) ?? [];
  return { shareKey, team };
}

/** The question number the progress bar shows ("Question 3 of 36" → 3). */
async function questionNumber(page: Page): Promise<number> {
  const label = (await page.getByRole("progressbar").getAttribute("aria-label")) ?? "";
  return Number(/^Question (\d+) of/.exec(label)?.[1] ?? Number.NaN);
}

test.describe("issue 19: the respondent page on a phone", () => {
  test.describe.configure({ timeout: 300_000 });

  test("no question is skipped: pick, wait 0.7 s, tap Next moves on once; the send page lists the unanswered ones", async ({
    browser,
  }) => {
    const { hash } = await sharedSurvey(0, 5);
    const { shareKey, team } = linkOf(hash);
    const survey = await json<{ organisationName: string; autojump: boolean }>(
      await api.get(`/api/public/survey/${shareKey}/${team}?lang=en`),
    );
    expect(survey.organisationName).not.toBe("");
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`/public/${hash}?lang=en`);

    // Item 3: the organisation on the start page and in the header.
    await expect(page.getByTestId("start-organisation")).toHaveText(survey.organisationName);
    await expect(page.getByTestId("header-organisation")).toHaveText(survey.organisationName);
    await page.getByRole("button", { name: "Start" }).click();
    await expect(page.getByTestId("header-organisation")).toHaveText(survey.organisationName);
    const total = Number((await page.getByRole("progressbar").getAttribute("max")) ?? 0);
    expect(total).toBeGreaterThan(3);

    // Item 2: a 0–10 question starts with nothing chosen, every value is written and is a radio.
    const scale = page.getByRole("radiogroup");
    await expect(scale).toBeVisible();
    await expect(scale.getByRole("radio")).toHaveCount(11);
    await expect(scale.getByRole("radio", { checked: true })).toHaveCount(0);
    for (let value = 0; value <= 10; value++)
      await expect(scale.getByRole("radio").nth(value)).toHaveAccessibleName(new RegExp(`^${value}\\b`));
    await checkState(page, "a 0–10 scale");
    // Keyboard: arrow keys choose without moving on.
    await scale.getByRole("radio").first().focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(scale.getByRole("radio", { name: /^2\b/ })).toBeChecked();
    await page.waitForTimeout(700);
    expect(await questionNumber(page)).toBe(1);

    // Item 1, the reproduction: pick by pointer, wait 0.7 s, tap Next: the next question is shown, not skipped.
    await scale.getByRole("radio", { name: /^7\b/ }).click();
    await page.waitForTimeout(700);
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForTimeout(1500);
    expect(await questionNumber(page), "the question after the answered one, not the one after that").toBe(2);
    // A tap on Next before the move made by itself makes that move, once.
    await page.getByRole("radiogroup").or(page.getByRole("group")).getByRole("radio").first().click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.waitForTimeout(1500);
    expect(await questionNumber(page)).toBe(3);
    // The same with a choice question, when there is one.
    for (let n = 3; n < total - 1; n++) {
      if (!(await page.getByRole("radiogroup").isVisible())) {
        const at = await questionNumber(page);
        await page.getByRole("group").getByRole("radio").first().click();
        await page.waitForTimeout(700);
        await page.getByRole("button", { name: "Next" }).click();
        await page.waitForTimeout(1500);
        expect(await questionNumber(page), "a choice question does not skip either").toBe(at + 1);
        break;
      }
      await page.getByRole("button", { name: "Next" }).click();
      await expect.poll(() => questionNumber(page)).toBe(n + 1);
    }
    const answered = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith("kunto.respondent.") && k.includes("/"));
      return Object.keys(JSON.parse(localStorage.getItem(key ?? "") ?? "{}").answers ?? {}).length;
    });

    // Skip the rest by Next: the send page names every unanswered question with a way to it.
    const sendHeading = page.getByRole("heading", { level: 1, name: "Send your answers" });
    while (!(await sendHeading.isVisible())) {
      const at = await questionNumber(page);
      await page.locator(".actions .button.primary").click();
      await expect
        .poll(async () => ((await sendHeading.isVisible()) ? total + 1 : questionNumber(page)))
        .toBeGreaterThan(at);
    }
    await expect(
      page.getByText(`You answered ${answered} of ${total} questions.`, { exact: false }),
    ).toBeVisible();
    const list = page.getByRole("region", { name: "Questions not answered" });
    await expect(list.getByRole("button")).toHaveCount(total - answered);
    await checkState(page, "send page with unanswered questions");
    const first = list.getByRole("button").first();
    const firstNumber = Number(/^(\d+)\./.exec((await first.textContent()) ?? "")?.[1]);
    await first.click();
    await expect.poll(() => questionNumber(page)).toBe(firstNumber);
    await expect(page.getByRole("button", { name: "Review and send" })).toBeVisible();
    await page.getByRole("button", { name: "Review and send" }).click();
    await expect(sendHeading).toBeVisible();
    await context.close();
  });

  test("a reload while offline brings back the page and the kept answers, which send themselves once online", async ({
    browser,
  }) => {
    const { hash, surveyKey } = await sharedSurvey(0, 5);
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`/public/${hash}?lang=en`);
    await page.getByRole("button", { name: "Start" }).click();
    // The service worker controls the page, and the page, its assets and the survey are kept.
    await page.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, {
      timeout: 30_000,
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const urls = [
              "/public/",
              ...performance
                .getEntriesByType("resource")
                .map((entry) => new URL(entry.name))
                .filter((url) => url.origin === location.origin && url.pathname.startsWith("/assets/"))
                .map((url) => url.pathname),
            ];
            const missing: string[] = [];
            for (const url of urls) if (!(await caches.match(url, { ignoreVary: true }))) missing.push(url);
            return missing;
          }),
        { timeout: 30_000 },
      )
      .toEqual([]);
    await page.getByRole("radiogroup").getByRole("radio", { name: /^8\b/ }).click();
    await expect.poll(() => questionNumber(page)).toBe(2);

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => questionNumber(page)).toBe(2);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("radiogroup").getByRole("radio", { name: /^8\b/ })).toBeChecked();

    // To the send page, still offline; the send fails and the answers wait.
    await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith("kunto.respondent.") && k.includes("/"));
      if (!key) return;
      const saved = JSON.parse(localStorage.getItem(key) ?? "{}");
      localStorage.setItem(key, JSON.stringify({ ...saved, step: 10_000 }));
    });
    await page.reload();
    await page.getByRole("button", { name: "Send answers" }).click();
    await expect(page.getByRole("alert")).toContainText("Your answers could not be sent");
    // Reloaded again while offline: the page comes back with the answers, and sends them when online.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Send your answers" })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for answering!" })).toBeVisible();
    expect(
      (await json<{ totalAnswers: number }>(await api.get(`/api/tenant/survey/${surveyKey}`, { headers })))
        .totalAnswers,
    ).toBe(1);
    await context.close();
  });

  test("a send the server refuses for a while goes again by itself; a refusal that will not change waits for the respondent", async ({
    browser,
  }) => {
    const { hash, surveyKey } = await sharedSurvey(0, 5);
    const sends = "**/api/public/survey/**/response";
    /** A fresh respondent with one answer, on the send page. */
    const onSendPage = async () => {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      await page.goto(`/public/${hash}?lang=en`);
      await page.getByRole("button", { name: "Start" }).click();
      await page.getByRole("radiogroup").getByRole("radio", { name: /^8\b/ }).click();
      await expect.poll(() => questionNumber(page)).toBe(2);
      await page.evaluate(() => {
        const key = Object.keys(localStorage).find(
          (k) => k.startsWith("kunto.respondent.") && k.includes("/"),
        );
        if (!key) return;
        const saved = JSON.parse(localStorage.getItem(key) ?? "{}");
        localStorage.setItem(key, JSON.stringify({ ...saved, step: 10_000 }));
      });
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Send your answers" })).toBeVisible();
      return { context, page };
    };
    /** A respondent on the send page whose sends the server refuses with `status`: the calls so far. */
    const refusedSend = async (status: number, key: string) => {
      const respondent = await onSendPage();
      let calls = 0;
      await respondent.context.route(sends, (route) => {
        calls += 1;
        return route.fulfill({
          status,
          contentType: "application/json",
          body: JSON.stringify({ message: key, code: "REFUSED", error_key: key }),
        });
      });
      await respondent.page.getByRole("button", { name: "Send answers" }).click();
      await expect(respondent.page.getByRole("alert")).toContainText("Your answers could not be sent");
      return { ...respondent, calls: () => calls };
    };

    // The server away (503): the send goes again by itself, with no click and no online event.
    const away = await refusedSend(503, "service_unavailable");
    await expect.poll(away.calls, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await away.context.unroute(sends);
    await expect(away.page.getByRole("heading", { level: 1, name: "Thank you for answering!" })).toBeVisible({
      timeout: 60_000,
    });
    await away.context.close();

    // A refusal that will not change (400): nothing goes again until the respondent tries.
    const wrong = await refusedSend(400, "invalid_answer");
    // The first timer would have gone after 2 s, the second after 6 s.
    await wrong.page.waitForTimeout(8_000);
    expect(wrong.calls()).toBe(1);
    await wrong.context.unroute(sends);
    await wrong.page.getByRole("button", { name: "Try again" }).click();
    await expect(
      wrong.page.getByRole("heading", { level: 1, name: "Thank you for answering!" }),
    ).toBeVisible();
    await wrong.context.close();
    expect(
      (await json<{ totalAnswers: number }>(await api.get(`/api/tenant/survey/${surveyKey}`, { headers })))
        .totalAnswers,
    ).toBe(2);
  });

  test("a survey or a voting page that could not be loaded loads by itself once the server answers again", async ({
    browser,
  }) => {
    const { hash } = await sharedSurvey(0, 5);
    const { key } = await json<{ key: string }>(await api.get("/api/tenant/taskvoting/link", { headers }));
    /**
     * Opens `path` while every read of `reads` answers 503, as while the database restarts, and
     * waits for the page's failure `heading`; then the server answers again and the page must come
     * by itself (no click, and no online event: the network never went away), showing `ready`.
     * (The context's route also sees what a service worker asks.)
     */
    const comesBack = async (
      path: string,
      reads: string,
      heading: string,
      ready: (page: Page) => Locator,
    ) => {
      const context = await browser.newContext(PHONE);
      let refused = 0;
      await context.route(reads, (route) => {
        refused += 1;
        return route.fulfill({
          status: 503,
          contentType: "application/json",
          headers: { "retry-after": "1" },
          body: JSON.stringify({
            message: "service_unavailable",
            code: "SERVICE_UNAVAILABLE",
            error_key: "service_unavailable",
          }),
        });
      });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await checkState(page, heading);
      // Asked again by itself at least once, and set to ask once more after that failure too.
      await expect.poll(() => refused, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      await context.unroute(reads);
      await expect(ready(page)).toBeVisible({ timeout: 60_000 });
      await context.close();
    };
    await comesBack(
      `/public/${hash}?lang=en`,
      "**/api/public/survey/**",
      "The survey could not be loaded",
      (page) => page.getByRole("button", { name: "Start" }),
    );
    await comesBack(
      `/public/#/tasks/vote/${encodeURIComponent(key)}?lang=en`,
      "**/api/shared/taskvoting/tasks**",
      "The tasks could not be loaded",
      (page) => page.getByRole("heading", { level: 1, name: "Vote on improvements" }),
    );
  });

  test("the voting page names the organisation, and its status message follows a language switch", async ({
    browser,
  }) => {
    const { key } = await json<{ key: string }>(await api.get("/api/tenant/taskvoting/link", { headers }));
    const data = await json<{ tenantName: string; tasks: { name: string; status: string | null }[] }>(
      await api.get(`/api/shared/taskvoting/tasks?tenantId=${encodeURIComponent(key)}&lang=en`),
    );
    expect(data.tasks.filter((task) => task.status !== "DONE").length).toBeGreaterThan(0);
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`/public/#/tasks/vote/${encodeURIComponent(key)}?lang=en`);
    await expect(page.getByRole("heading", { level: 1, name: "Vote on improvements" })).toBeVisible();
    await expect(page.getByTestId("header-organisation")).toHaveText(data.tenantName);
    const item = page.locator(".voting-list").first().getByRole("listitem").first();
    const name = ((await item.getByRole("heading", { level: 3 }).textContent()) ?? "").trim();
    const button = item.getByRole("button", { name: /^(Vote|Voted · withdraw)/ });
    const wasVoted = (await button.getAttribute("aria-pressed")) === "true";
    await button.click();
    const status = page.getByRole("status");
    await expect(status).toHaveText(`Your vote for "${name}" was ${wasVoted ? "withdrawn" : "saved"}.`);

    await page.getByLabel("Language").selectOption("fi");
    await expect(page.locator("html")).toHaveAttribute("lang", "fi");
    await expect(status).toHaveText(
      new RegExp(`^Äänesi tehtävälle ".+" ${wasVoted ? "peruttiin" : "tallennettiin"}\\.$`),
    );
    await expect(status).not.toContainText("Your vote");
    expect(await overflowProblems(page), "390 px: voting page in Finnish").toEqual([]);
    await context.close();
  });
});
