import { expect, test } from "@playwright/test";
import { demoContext, expectAccessible, overflowProblems, settled, tenantIdOf } from "./support";

/**
 * Issue 9 in Chromium on the demo sandbox: an admin creates tasks from suggestions, a staff member
 * votes on the public page on a phone in Polish, the board shows the vote and its filter finds it,
 * and a task moved to done shows as done on the voting page; axe scans both pages.
 */
test.describe("issue 9: tasks and task voting", () => {
  test.describe.configure({ timeout: 240_000 });

  test("suggestions become tasks, staff vote in Polish on a phone, the board shows it, done shows as done", async ({
    browser,
  }) => {
    const context = await demoContext(browser);
    const tenantId = await tenantIdOf(context, "Aurora Components Oy");
    const page = await context.newPage();
    await page.goto(`/t/${tenantId}/tasks`);
    await settled(page, "Tasks");

    // Suggested tasks: create two that are not created yet.
    await page.getByRole("button", { name: "Suggested tasks" }).click();
    const dialog = page.getByRole("dialog", { name: "Suggested tasks" });
    await expect(dialog).toBeVisible();
    const boxes = dialog.getByRole("checkbox");
    await expect(boxes.first()).toBeVisible();
    const names: string[] = [];
    for (const i of [0, 1]) {
      const box = boxes.nth(i);
      const id = await box.getAttribute("id");
      names.push(((await dialog.locator(`label[for="${id}"]`).textContent()) ?? "").trim());
      await box.check();
    }
    await dialog.getByRole("button", { name: "Create 2 tasks" }).click();
    await expect(dialog).toBeHidden();
    const [voted, other] = names as [string, string];
    const card = (name: string) => page.getByRole("article", { name, exact: true });
    await expect(card(voted)).toBeVisible();
    await expect(card(other)).toBeVisible();
    await expectAccessible(page, "task board");

    // A task from a suggestion keeps its texts in five languages (issue 18.1): its Polish name.
    const made = (await (
      await page.request.get("/api/tenant/task", { headers: { "x-tenant-id": tenantId } })
    ).json()) as Array<{ name: string; translations: { name: Record<string, string> } | null }>;
    const votedPl = made.find((t) => t.name === voted)?.translations?.name.pl ?? voted;

    // A staff member votes on the public page, on a phone, in Polish.
    const staff = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "pl-PL" });
    const phone = await staff.newPage();
    await phone.goto(`/public/#/tasks/vote/${tenantId}?lang=pl`);
    await expect(phone.getByRole("heading", { level: 1, name: "Głosuj na usprawnienia" })).toBeVisible();
    const item = phone
      .getByRole("listitem")
      .filter({ has: phone.getByRole("heading", { name: votedPl, exact: true }) });
    await item.getByRole("button", { name: /Głosuj/ }).click();
    await expect(item.getByTestId("public-vote-count")).toHaveText("1 głos");
    await expect(item.getByRole("button", { name: /Zagłosowano/ })).toHaveAttribute("aria-pressed", "true");
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, "no sideways scrolling at 390 px").toBe(false);
    await expectAccessible(phone, "task voting page (pl, 390 px)");

    // The board shows the vote, and the has-votes filter (kept in the URL) finds the task.
    await page.reload();
    await settled(page, "Tasks");
    await expect(card(voted).getByTestId("vote-count")).toHaveText("1 vote");
    await page.getByRole("checkbox", { name: "Has votes" }).check();
    await expect(page).toHaveURL(/hasVotes=true/);
    await expect(card(voted)).toBeVisible();
    await expect(card(other)).toBeHidden();
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Has votes" })).toBeChecked();
    await expect(card(other)).toBeHidden();

    // Done on the board, done on the voting page.
    await card(voted)
      .getByRole("button", { name: `Actions for ${voted}` })
      .click();
    await page.getByRole("menuitem", { name: "Mark done" }).click();
    await expect(card(voted).getByText("Done", { exact: true })).toBeVisible();
    await phone.reload();
    const doneList = phone.getByRole("region", { name: "Powiedzieliście – zrobiliśmy" });
    const doneItem = doneList.getByTestId("done-task").filter({ hasText: votedPl });
    await expect(doneItem).toBeVisible();
    await expect(doneItem.getByText("Wykonane")).toBeVisible();
    await expectAccessible(phone, "task voting page with a done task");
    await staff.close();
    await context.close();
  });
});

test("issue 9: the voting page works by keyboard alone: a vote, its withdrawal and a visible focus", async ({
  browser,
}) => {
  const context = await demoContext(browser);
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  await context.close();
  const staff = await browser.newContext();
  const page = await staff.newPage();
  await page.goto(`/public/#/tasks/vote/${tenantId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Vote on improvements" })).toBeVisible();
  const focusedName = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
  // Tab from the top of the page to the first vote button.
  let name = "";
  for (let presses = 0; presses < 40 && !/^Vote\b/.test(name); presses++) {
    await page.keyboard.press("Tab");
    name = await focusedName();
  }
  expect(name, "a vote button is reached with Tab").toMatch(/^Vote\b/);
  const button = page.locator(":focus");
  expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");
  const task = name.replace(/^Vote\s*/, "");
  const item = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: task, exact: true }) });
  const before = (await item.getByTestId("public-vote-count").textContent()) ?? "";
  const count = Number.parseInt(before, 10);

  await page.keyboard.press("Enter");
  await expect(item.getByRole("button", { name: /^Voted/ })).toHaveAttribute("aria-pressed", "true");
  await expect(item.getByTestId("public-vote-count")).toHaveText(new RegExp(`^${count + 1} vote`));
  // The focus stays on the button, so the next key press acts where the person is.
  await expect(item.getByRole("button", { name: /^Voted/ })).toBeFocused();

  await page.keyboard.press("Space");
  await expect(item.getByRole("button", { name: /^Vote\b/ })).toHaveAttribute("aria-pressed", "false");
  await expect(item.getByTestId("public-vote-count")).toHaveText(new RegExp(`^${count} vote`));
  await expect(item.getByRole("button", { name: /^Vote\b/ })).toBeFocused();
  await staff.close();
});

test("issue 17.10: an admin makes a new voting link; the new key opens the page, the id no longer does", async ({
  browser,
}) => {
  // A sandbox of its own: rotating the shared one would break the specs that vote by its id.
  const context = await browser.newContext();
  expect((await context.request.post("/api/public/demo")).status()).toBe(200);
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  const page = await context.newPage();
  await page.goto(`/t/${tenantId}/tasks`);
  await settled(page, "Tasks");
  await page.getByRole("button", { name: "New voting link" }).click();
  const dialog = page.getByRole("dialog", { name: "Make a new voting link?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "new voting link dialog");
  await dialog.getByRole("button", { name: "Make a new link" }).click();
  await expect(page.getByText(/A new voting link was made/)).toBeVisible();
  const { key } = (await (
    await context.request.get("/api/tenant/taskvoting/link", { headers: { "x-tenant-id": tenantId } })
  ).json()) as { key: string };
  expect(key).not.toBe(tenantId);

  const staff = await browser.newContext();
  const voter = await staff.newPage();
  await voter.goto(`/public/#/tasks/vote/${key}`);
  await expect(voter.getByRole("heading", { level: 1, name: "Vote on improvements" })).toBeVisible();
  await voter.goto(`/public/#/tasks/vote/${tenantId}`);
  await voter.reload();
  await expect(voter.getByText("This voting link is not known")).toBeVisible();
  await staff.close();
  await context.close();
});

test.describe("issue 18.7: the task board's filters, empty states, help columns and Back", () => {
  test("filters read All, Team lists the organisation's teams, no match is said once, help columns are survey help, Back goes to the dashboard", async ({
    browser,
  }) => {
    const context = await demoContext(browser);
    const tenantId = await tenantIdOf(context, "Aurora Components Oy");
    const page = await context.newPage();
    await page.goto(`/t/${tenantId}/tasks`);
    await settled(page, "Tasks");

    const filters = page.getByRole("region", { name: "Filters" });
    for (const name of ["Person in charge", "Year", "Category", "Team"])
      await expect(filters.getByRole("combobox", { name })).toHaveAttribute("placeholder", "All");

    // The survey-help columns are a group of their own, named as survey help.
    await expect(page.getByRole("heading", { level: 2, name: "Improvement areas" })).toBeVisible();
    const help = page.getByRole("region", { name: "Help with the surveys" });
    await expect(help.getByRole("heading", { level: 3, name: "Survey help: personnel" })).toBeVisible();
    await expect(help.getByRole("heading", { level: 3, name: "Survey help: management" })).toBeVisible();

    // The Team filter lists the organisation's teams, though no demo task has a team.
    const team = filters.getByRole("combobox", { name: "Team" });
    await team.click();
    for (const name of ["Production", "Logistics", "Office", "Management team"])
      await expect(page.getByRole("option", { name, exact: true })).toBeVisible();
    await page.getByRole("option", { name: "Office", exact: true }).click();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/teams=/);
    await expect(team).not.toHaveAttribute("placeholder", "All");
    await expect(page.getByText("No task matches the filters")).toHaveCount(1);
    await expect(page.locator('[data-testid^="column-"]')).toHaveCount(0);
    await expect(page.getByText(/% done/)).toHaveCount(0);
    await expectAccessible(page, "task board, no task matches the filters");

    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/teams=/);
    await expect(page.getByTestId("task-card").first()).toBeVisible();
    await expect(team).toHaveAttribute("placeholder", "All");

    await page.setViewportSize({ width: 390, height: 844 });
    expect.soft(await overflowProblems(page), "task board at 390 px").toEqual([]);

    // Opened directly, Back falls back to the dashboard (document 3 §2).
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/t/${tenantId}/dashboard`));
    await context.close();
  });

  test("a board without tasks shows one empty state with the suggestions, on a phone", async ({
    browser,
  }) => {
    const context = await demoContext(browser, { viewport: { width: 390, height: 844 } });
    // The demo's subsidiary has no tasks.
    const tenantId = await tenantIdOf(context, "Aurora Logistics OÜ");
    const page = await context.newPage();
    await page.goto(`/t/${tenantId}/tasks`);
    await settled(page, "Tasks");

    const empty = page.getByRole("region", { name: "No tasks yet" });
    await expect(empty).toBeVisible();
    await expect(page.getByText(/% done/)).toHaveCount(0);
    await expect(page.locator('[data-testid^="column-"]')).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Filters" })).toHaveCount(0);
    // The ways in to suggestions, each once.
    await expect(empty.getByRole("button", { name: "Suggested tasks" })).toBeVisible();
    await expect(empty.getByRole("button", { name: "From your latest results" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Suggested tasks" })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "From your latest results" })).toHaveCount(1);
    expect.soft(await overflowProblems(page), "empty task board at 390 px").toEqual([]);
    await expectAccessible(page, "empty task board (390 px)");

    await empty.getByRole("button", { name: "Suggested tasks" }).click();
    const dialog = page.getByRole("dialog", { name: "Suggested tasks" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("checkbox").first()).toBeVisible();
    await expectAccessible(page, "suggested tasks from the empty board (390 px)");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await context.close();
  });
});
