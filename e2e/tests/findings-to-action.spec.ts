import { expect, test } from "@playwright/test";
import { demoContext, expectAccessible, overflowProblems, settled, tenantIdOf } from "./support";

/**
 * Issue 18.1 in Chromium on the demo sandbox: a weakness among the report's questions offers
 * suggested tasks; one click creates the task, which shows as created, appears on the board, and
 * reads in Finnish on the Finnish voting page. The board's "From your latest results" and the
 * overview's category cards list suggestions too.
 */
test.describe("issue 18.1: from findings to action", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a weakness finding's suggestion becomes a task on the board and on the Finnish voting page", async ({
    browser,
  }, testInfo) => {
    /** Screenshots of the changed screens, kept with the test's results. */
    const shot = async (page: import("@playwright/test").Page, name: string) =>
      testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
    const context = await demoContext(browser);
    const tenantId = await tenantIdOf(context, "Aurora Components Oy");
    const page = await context.newPage();
    // A weakness among the report's questions ("I have the tools I need… 34 % Weakness").
    await page.goto(`/t/${tenantId}/reports`);
    await settled(page);
    const reports = await page
      .getByRole("link", { name: /^Open the report/ })
      .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    const weaknessOf = () =>
      page
        .getByRole("listitem")
        .filter({ hasText: "Weakness" })
        .filter({ has: page.getByRole("button", { name: "Suggested tasks" }) })
        .first();
    let found = false;
    for (const href of reports) {
      await page.goto(href);
      await settled(page);
      await expect(page.getByRole("heading", { name: "Suggested tasks for these results" })).toBeVisible();
      if ((await weaknessOf().count()) > 0) {
        found = true;
        break;
      }
    }
    expect(found, "the demo's report has a weakness finding").toBe(true);
    await weaknessOf().getByRole("button", { name: "Suggested tasks" }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("listitem").first()).toBeVisible();
    await expectAccessible(page, "suggested tasks of a weakness finding");
    await shot(page, "suggested tasks of a weakness finding");
    const suggestion = dialog
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: /^Create task/ }) })
      .first();
    await expect(suggestion.getByText("Weakness", { exact: true })).toBeVisible();
    const name = ((await suggestion.locator("p").first().textContent()) ?? "").trim();
    expect(name.length).toBeGreaterThan(3);
    await suggestion.getByRole("button", { name: `Create task: ${name}` }).click();
    await expect(page.getByText("The task was created. It is on the task board.")).toBeVisible();
    const created = dialog.getByRole("listitem").filter({ hasText: name });
    await expect(created.getByText("Created", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // On the board, which also lists suggestions from the latest results and shows the loop.
    await page.goto(`/t/${tenantId}/tasks`);
    await settled(page, "Tasks");
    await expect(page.getByRole("article", { name, exact: true })).toBeVisible();
    const loop = page.getByRole("region", { name: "From findings to action" });
    await expect(loop).toBeVisible();
    await shot(page, "task board with the loop");
    await page.getByRole("button", { name: "From your latest results" }).click();
    const latest = page.getByRole("dialog", { name: "Suggested tasks from your latest results" });
    await expect(latest.getByRole("listitem").first()).toBeVisible();
    await expectAccessible(page, "suggestions from the latest results");
    await page.keyboard.press("Escape");
    await expect(latest).toBeHidden();

    // The task keeps the suggestion's texts: the Finnish voting page shows its Finnish name.
    const headers = { "x-tenant-id": tenantId };
    const tasks = (await (await page.request.get("/api/tenant/task", { headers })).json()) as Array<{
      name: string;
      translations: { name: Record<string, string> } | null;
    }>;
    const task = tasks.find((t) => t.name === name);
    const finnish = task?.translations?.name.fi ?? "";
    expect(finnish).not.toBe("");
    expect(finnish).not.toBe(name);
    const { key } = (await (await page.request.get("/api/tenant/taskvoting/link", { headers })).json()) as {
      key: string;
    };
    const staff = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "fi-FI" });
    const phone = await staff.newPage();
    await phone.goto(`/public/#/tasks/vote/${encodeURIComponent(key)}?lang=fi`);
    await expect(phone.getByRole("heading", { name: finnish, exact: true })).toBeVisible();
    await staff.close();

    // The overview's category cards offer suggestions too, and fit a phone.
    await page.goto(`/t/${tenantId}/reports`);
    await settled(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const section = page.getByRole("region", { name: "Categories" });
    await section.getByRole("button", { name: "Suggested tasks" }).first().click();
    await expect(page.getByRole("dialog").getByRole("listitem").first()).toBeVisible();
    expect.soft(await overflowProblems(page), "category suggestions at 390 px").toEqual([]);
    await expectAccessible(page, "category suggestions at 390 px");
    await shot(page, "category suggestions at 390 px");
    await page.keyboard.press("Escape");
    await page.goto(`/t/${tenantId}/dashboard`);
    await settled(page);
    await expect(page.getByRole("region", { name: "Result" })).toBeVisible();
    await shot(page, "dashboard at 390 px");
    await context.close();
  });
});
