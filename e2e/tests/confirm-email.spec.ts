import { expect, type Page, test } from "@playwright/test";
import { expectAccessible, overflowProblems, settled } from "./support";

/**
 * Issue 6.1: the confirmation page asks for the sign-up's password or lets the mailbox owner choose
 * a new one. The link's state comes from `auth.confirmationStatus`; the mail holding a real link
 * never leaves the server here, so that one answer is given by the test (the server's side of the
 * flow is proven in identity.integration.test.ts). Confirming itself goes to the real server.
 */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LANGUAGES = ["en", "fi", "ee", "ru", "pl"] as const;
const TOKEN = "e2elinkthatnoservermade";

async function linkSays(
  page: Page,
  answer: { valid: boolean; email: string | null; passwordChosen: boolean },
) {
  await page.route(/\/trpc\/auth\.confirmationStatus/, (route) =>
    route.fulfill({ contentType: "application/json", body: JSON.stringify([{ result: { data: answer } }]) }),
  );
}

test.describe("issue 6.1: the confirmation page", () => {
  test("6.1 asks for the sign-up's password, offers a new one, and shows the server's answer", async ({
    page,
  }) => {
    await linkSays(page, { valid: true, email: "owner@example.test", passwordChosen: true });
    await page.goto(`/confirm-email?token=${TOKEN}`);
    await settled(page, "Confirm e-mail");
    await expect(page.getByText("owner@example.test")).toBeVisible();
    const password = page.getByRole("textbox", { name: "Password" });
    await expect(password).toBeFocused();
    await expectAccessible(page, "confirm e-mail with the sign-up's password");

    await page.getByRole("button", { name: "Confirm e-mail" }).click();
    await expect(page.getByText("Field is required")).toBeVisible();
    await password.fill("owner picked her own 2026");
    await page.getByRole("button", { name: "Confirm e-mail" }).click();
    // The real server knows no such link.
    await expect(page.getByRole("alert")).toContainText("The link is invalid or has expired.");

    await page.getByTestId("confirm-choose-new").click();
    await expect(page.getByLabel("New password", { exact: false }).first()).toBeVisible();
    await expectAccessible(page, "confirm e-mail choosing a new password");
    await page.getByTestId("confirm-use-chosen").click();
    await expect(page.getByRole("textbox", { name: "Password" })).toBeVisible();
  });

  test("6.1 a resent link only offers choosing a password; an invalid one says so", async ({ page }) => {
    await linkSays(page, { valid: true, email: "owner@example.test", passwordChosen: false });
    await page.goto(`/confirm-email?token=${TOKEN}`);
    await settled(page, "Confirm e-mail");
    await expect(page.getByTestId("confirm-use-chosen")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Confirm and save the password" })).toBeVisible();
    await expectAccessible(page, "confirm e-mail from a resent link");

    await page.unrouteAll();
    await linkSays(page, { valid: false, email: null, passwordChosen: false });
    await page.goto(`/confirm-email?token=${TOKEN}x`);
    await settled(page, "Confirm e-mail");
    await expect(page.getByRole("alert")).toContainText("The link is invalid or has expired.");
  });

  for (const language of LANGUAGES) {
    test(`6.1 fits a 390 px phone in ${language}`, async ({ browser }) => {
      const context = await browser.newContext(PHONE);
      await context.addInitScript((lang) => localStorage.setItem("kunto.language", lang), language);
      const page = await context.newPage();
      await linkSays(page, {
        valid: true,
        email: "a.very.long.address.of.someone@example.test",
        passwordChosen: true,
      });
      await page.goto(`/confirm-email?token=${TOKEN}`);
      await settled(page);
      expect.soft(await overflowProblems(page), `confirm e-mail in ${language}`).toEqual([]);
      await page.getByTestId("confirm-choose-new").click();
      await expect(page.getByTestId("confirm-use-chosen")).toBeVisible();
      expect.soft(await overflowProblems(page), `confirm e-mail, new password, in ${language}`).toEqual([]);
      await context.close();
    });
  }
});
