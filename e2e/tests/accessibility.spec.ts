import { expect, type Page, test } from "@playwright/test";
import {
  ADMIN,
  animationsDone,
  demoContext,
  expectAccessible,
  settled,
  signedInContext,
  tenantIdOf,
} from "./support";

/** Opens a dialog with `open`, scans the page with it, and closes it by its named close button. */
async function scanDialog(page: Page, name: string | RegExp, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, `dialog ${name}`);
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Opens a menu, scans the page with it open, and closes it with Escape. */
async function scanMenu(page: Page, what: string, trigger: () => Promise<void>) {
  await trigger();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectAccessible(page, `menu ${what}`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
}

test.describe("issue 6.16: axe-core finds no WCAG 2.2 AA violation", () => {
  // Each scan takes a second or more on a loaded 2-core machine; a test scans up to 25 states.
  test.describe.configure({ timeout: 300_000 });

  test("on the signed-out screens, which log no console errors", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("response", (response) => {
      if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
    });

    await page.goto("/login");
    await settled(page, "Sign in");
    await expectAccessible(page, "sign-in");
    await scanMenu(page, "language", () => page.getByRole("button", { name: /^Language/ }).click());

    await page.getByRole("button", { name: "Forgot password?" }).click();
    await settled(page, "Forgot your password?");
    await expectAccessible(page, "forgot password");

    await page.goto("/signup");
    await settled(page);
    await expectAccessible(page, "sign-up");

    await page.goto("/confirm-email");
    await settled(page, "Confirm e-mail");
    await expectAccessible(page, "confirm e-mail without a link");

    await page.goto("/no-such-page");
    await settled(page, "Page not found");
    await expectAccessible(page, "not found, signed out");

    // Being signed out is not an error: no failed request, nothing in the console.
    expect(errors).toEqual([]);
  });

  test("on the platform admin's screens and dialogs", async ({ browser }) => {
    const context = await signedInContext(browser, ADMIN);
    const page = await context.newPage();

    await page.goto("/tenants");
    await settled(page, "Organisations");
    await expectAccessible(page, "platform organisations");
    const row = "Aurora Logistics OÜ";
    const openRowMenu = () => page.getByRole("button", { name: `Actions for ${row}` }).click();
    await scanMenu(page, "organisation actions", openRowMenu);
    await scanDialog(page, "Add new organisation", () =>
      page.getByRole("button", { name: "Add new organisation" }).click(),
    );
    for (const [item, dialog] of [
      ["Users", `Users of ${row}`],
      ["Settings", "Organisation settings"],
      ["Change subscription", "Change subscription"],
      ["Delete", "Delete the organisation?"],
    ] as const) {
      await scanDialog(page, dialog, async () => {
        await openRowMenu();
        await page.getByRole("menuitem", { name: item }).click();
      });
    }

    await page.goto("/surveytemplates");
    await settled(page, "Survey templates");
    await expectAccessible(page, "survey templates");
    await scanMenu(page, "survey template actions", () =>
      page
        .getByTestId("template-default-management")
        .getByRole("button", { name: /^Actions for / })
        .click(),
    );
    await page.goto("/surveytemplates/default-management");
    await settled(page, "Management survey, version 1");
    await expectAccessible(page, "survey template editor, basic info");
    await page.getByRole("tab", { name: /^Questions/ }).click();
    await expect(page.getByTestId("question-0")).toBeVisible();
    await expectAccessible(page, "survey template editor, questions");
    await page.goto("/surveytemplates/new");
    await settled(page, "New survey template");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "validation errors" })).toBeVisible();
    await expectAccessible(page, "new survey template with validation errors");

    await page.goto("/users");
    await settled(page, "Users");
    await expectAccessible(page, "platform users");
    await scanDialog(page, "Create new user", () =>
      page.getByRole("button", { name: "Create new user" }).click(),
    );
    const actions = page.getByRole("button", { name: /^Actions for / }).first();
    await scanMenu(page, "user actions", () => actions.click());
    await scanDialog(page, "User settings", async () => {
      await actions.click();
      await page.getByRole("menuitem", { name: "User settings" }).click();
    });

    await page.goto("/me");
    await settled(page, "Profile");
    await expectAccessible(page, "profile");
    await scanMenu(page, "user menu", () => page.getByRole("button", { name: "User menu" }).click());
    await scanDialog(page, "Edit profile", () => page.getByRole("button", { name: "Edit profile" }).click());
    await scanDialog(page, "Change password", () =>
      page.getByRole("button", { name: "Change password" }).click(),
    );
    await scanDialog(page, "Sign out everywhere?", () =>
      page.getByRole("button", { name: "Sign out everywhere" }).click(),
    );
    await page.getByRole("button", { name: "Set up two-step verification" }).click();
    await expect(page.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();
    await expectAccessible(page, "two-step verification set-up");
    await page.getByRole("button", { name: "Cancel" }).click();

    // A toast and its close button.
    await page.getByRole("button", { name: "Edit profile" }).click();
    await page.getByRole("dialog", { name: "Edit profile" }).getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "User info updated." })).toBeVisible();
    await animationsDone(page);
    await expectAccessible(page, "toast");

    await page.goto("/new_account");
    await settled(page);
    await expectAccessible(page, "new organisation");

    await page.goto("/no-such-page");
    await settled(page, "Page not found");
    await expectAccessible(page, "not found, signed in");
    await context.close();
  });

  test("on the organisation admin's screens and dialogs", async ({ browser }) => {
    const context = await demoContext(browser);
    const page = await context.newPage();
    const tenantId = await tenantIdOf(context, "Aurora Components Oy");

    await page.goto("/");
    await settled(page);
    await expectAccessible(page, "organisation chooser");

    await page.goto(`/t/${tenantId}/dashboard`);
    await settled(page);
    await expectAccessible(page, "dashboard");
    await scanMenu(page, "language", () => page.getByRole("button", { name: /^Language/ }).click());

    await page.goto(`/t/${tenantId}/users`);
    await settled(page, "Users");
    await expectAccessible(page, "organisation users");
    await scanDialog(page, "Add user", () => page.getByRole("button", { name: "Add user" }).click());
    const addRole = page.getByRole("button", { name: /^Add role for / }).first();
    await scanMenu(page, "add role", () => addRole.click());
    await scanDialog(page, "Remove from organisation?", async () => {
      await page
        .getByRole("button", { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole("menuitem", { name: "Remove from organisation" }).click();
    });

    // Issue 6.6: in the demo sandbox a mail is kept, announced, and listed in "Mail in this demo".
    const held = `a11y.${Date.now()}@example.test`;
    await page.getByRole("button", { name: "Add user" }).click();
    await page.getByRole("dialog", { name: "Add user" }).getByLabel("E-mail").fill(held);
    await page
      .getByRole("dialog", { name: "Add user" })
      .getByRole("button", { name: "Send invitation" })
      .click();
    const toast = page.getByRole("alert").filter({ hasText: "Mail not sent in the demo" });
    await expect(toast).toBeVisible();
    // The pointer on the toast holds its 10 s timer, so axe never measures it fading out (text
    // half-transparent); once the pointer leaves, the timer closes it before the dialog opens.
    await toast.hover();
    await expectAccessible(page, "mail not sent notification");
    await page.mouse.move(0, 0);
    await expect(toast).toBeHidden({ timeout: 30_000 });
    await scanDialog(page, "Mail in this demo", async () => {
      await page.getByRole("button", { name: /^Mail in this demo/ }).click();
      await expect(page.getByRole("dialog", { name: "Mail in this demo" }).getByText(held)).toBeVisible();
    });

    await page.goto(`/t/${tenantId}/settings`);
    await settled(page, "Settings");
    await expectAccessible(page, "organisation settings");
    await scanDialog(page, /^Edit .* details$/, () =>
      page.getByRole("button", { name: "Edit", exact: true }).click(),
    );

    // Issue 7: the survey screens (their dialogs and the single survey: surveys-admin.spec.ts).
    await page.goto(`/t/${tenantId}/analyses`);
    await settled(page, "Surveys");
    await expectAccessible(page, "survey list");
    await page.goto(`/t/${tenantId}/analyses/new`);
    await settled(page, "New survey");
    await expectAccessible(page, "new survey");
    await scanDialog(page, "New team", async () => {
      await page.goto(`/t/${tenantId}/settings`);
      await settled(page, "Settings");
      await page.getByRole("button", { name: "New team" }).click();
    });

    await page.goto(`/t/${tenantId}/onboarding?step=1`);
    await settled(page);
    await expectAccessible(page, "onboarding");

    await page.goto("/new_account");
    await settled(page);
    await expectAccessible(page, "new organisation");

    await page.goto("/me");
    await settled(page, "Profile");
    await expectAccessible(page, "demo profile");

    await page.goto("/users");
    await expect(page).toHaveURL(/\/access_denied$/);
    await settled(page);
    await expectAccessible(page, "access denied");
    await context.close();
  });
});

test("issue 6.16: focus starts in the form, follows navigation to the heading, and a skip link leads to the page", async ({
  browser,
  page,
}) => {
  await page.goto("/login");
  const username = page.getByLabel("Username or e-mail");
  await expect(username).toBeFocused();
  // A ring drawn outside the field, not only a change of border colour.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  await expect(username).toBeFocused();
  expect(await username.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("solid");

  // Sign-in is a page of its own (issue 19.13): sign-up is a new page load, not a move inside the app.
  await page.getByRole("link", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/signup$/);

  const context = await demoContext(browser);
  const signedIn = await context.newPage();
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  await signedIn.goto(`/t/${tenantId}/dashboard`);
  await settled(signedIn);
  await signedIn.keyboard.press("Tab");
  const skip = signedIn.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await signedIn.keyboard.press("Enter");
  await expect(signedIn.getByRole("main")).toBeFocused();

  await signedIn.getByRole("navigation").getByRole("link", { name: "Users" }).click();
  await expect(signedIn.getByRole("heading", { level: 1, name: "Users" })).toBeFocused();
  await context.close();
});

test("the header's menus, loaded on first use, open from the keyboard and give the focus back", async ({
  browser,
}) => {
  const context = await demoContext(browser);
  const page = await context.newPage();
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  await page.goto(`/t/${tenantId}/dashboard`);
  await settled(page);
  for (const name of [/^Language/, /^User menu/]) {
    const trigger = page.getByRole("banner").getByRole("button", { name });
    // Before first use the trigger is announced as a menu button, closed.
    await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    // The focus is in the menu, and the arrow keys walk its items.
    await page.keyboard.press("ArrowDown");
    await expect(menu.locator('[role="menuitem"]:focus')).toHaveCount(1);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("banner").getByRole("button", { name })).toBeFocused();
    // Loaded now: it opens and closes as any menu.
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
  }
  await context.close();
});
