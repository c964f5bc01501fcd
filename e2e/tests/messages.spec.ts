import { expect, type Page, test } from "@playwright/test";
import {
  ADMIN,
  demoContext,
  expectAccessible,
  overflowProblems,
  settled,
  signedInContext,
  tenantIdOf,
} from "./support";

/**
 * Issue 22, the message center: a platform admin writes a message whose markdown carries a script,
 * an image with onerror, a javascript: link and raw HTML; the editor's preview and the users' list
 * show it inert in Chromium. A demo user sees the unread count, opens the list and the count clears.
 */
const HOSTILE = [
  "Welcome to the **new** message center.",
  "<script>window.__pwned = 'script'</script>",
  `<img src="x" onerror="window.__pwned = 'img'">`,
  "[Open the report](javascript:window.__pwned='link')",
  `<div onclick="window.__pwned = 'div'">raw <b>HTML</b></div>`,
].join("\n\n");

/** Nothing of the hostile text became live markup in this part of the page. */
async function expectInert(page: Page, body: ReturnType<Page["locator"]>) {
  // Markdown is rendered; raw HTML is left out, a javascript: link stays its text.
  await expect(body.locator("strong").first()).toHaveText("new");
  await expect(body).toContainText("Open the report");
  await expect(body.locator("script, img, iframe, [onerror], [onclick]")).toHaveCount(0);
  await expect(body.locator('a[href^="javascript:" i]')).toHaveCount(0);
  await body.click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
}

test("an admin publishes a message that renders inert, and a user reads it and clears the count", async ({
  browser,
}) => {
  const title = `Release ${Date.now()}`;
  const admin = await signedInContext(browser, ADMIN);
  const page = await admin.newPage();
  await page.goto("/adminmessagecenter");
  await settled(page, "Message center");
  await page.getByRole("link", { name: "New message" }).click();
  await settled(page, "New message");

  // Defaults (document 3 §3): release notes, unpublished, not sticky, the author from the profile.
  await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("Release notes");
  await expect(page.getByRole("textbox", { name: "Author" })).not.toHaveValue("");
  await expect(page.getByRole("switch", { name: "Published" })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: "Sticky" })).not.toBeChecked();
  await expect(page.getByRole("link", { name: "Markdown guide" })).toHaveAttribute("href", /commonmark/);

  // §5: every field is required; the bottom bar says so and nothing is saved.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("form-invalid-hint")).toHaveText(
    "Check that you have filled in all required fields.",
  );
  await expect(page).toHaveURL(/\/message\/new$/);

  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("textbox", { name: "Message" }).fill(HOSTILE);
  await expectInert(page, page.getByRole("region", { name: "Preview" }).getByTestId("message-body"));
  await page.getByRole("switch", { name: "Published" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  // §4: saving a new message opens the editor of the created one.
  await expect(page).toHaveURL(/\/adminmessagecenter\/message\/[0-9a-f-]{36}$/);
  await settled(page, "Edit message");
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue(title);
  await expectAccessible(page, "message editor");

  await page.goto("/adminmessagecenter");
  await settled(page, "Message center");
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("Release notes");
  await expect(row.getByRole("img", { name: "Published" })).toBeVisible();
  await expect(row.getByRole("img", { name: "Sticky" })).toHaveCount(0);
  await expectAccessible(page, "admin message list");

  const demo = await demoContext(browser);
  const user = await demo.newPage();
  const tenantId = await tenantIdOf(demo, "Aurora Components Oy");
  const unread = (await (await demo.request.get("/api/messagecenter/latest")).json()) as { unread: number };
  expect(unread.unread).toBeGreaterThan(0);
  await user.goto(`/t/${tenantId}/messages`);
  await settled(user, "Messages");
  const card = user.getByRole("article", { name: title });
  await expect(card).toContainText("Release notes");
  await expectInert(user, card.getByTestId("message-body"));
  await expect
    .poll(
      async () =>
        ((await (await demo.request.get("/api/messagecenter/latest")).json()) as { unread: number }).unread,
    )
    .toBe(0);
  await expectAccessible(user, "message center");
  await user.setViewportSize({ width: 390, height: 844 });
  expect(await overflowProblems(user)).toEqual([]);

  // The admin deletes it after a confirmation; the users' list no longer has it.
  await row.getByRole("button", { name: `Delete ${title}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete message" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toHaveCount(0);
  await user.reload();
  await settled(user, "Messages");
  await expect(user.getByRole("article", { name: title })).toHaveCount(0);
  await demo.close();
  await admin.close();
});

test("a user who is no platform admin is sent to the access-denied page", async ({ browser }) => {
  const demo = await demoContext(browser);
  const page = await demo.newPage();
  await page.goto("/adminmessagecenter");
  await expect(page).toHaveURL(/\/access_denied$/);
  await demo.close();
});
