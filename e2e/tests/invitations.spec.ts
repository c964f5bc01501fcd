import { type APIRequestContext, type Browser, type BrowserContext, expect, test } from "@playwright/test";
import { ADMIN, expectAccessible, overflowProblems, settled } from "./support";

/**
 * Issue 6.7: adding someone to an organisation invites them; they accept in the organisation chooser.
 * Everything is made here through the platform admin's API (an organisation, its admin, two people
 * with accounts), so the test runs again and again on the same database.
 */
const TEMPORARY = "temporary from the admin 41";
const OWN = "my own long passphrase 2026";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LANGUAGES = ["en", "fi", "ee", "ru", "pl"] as const;

type Setup = { tenantId: string; name: string; adminEmail: string; invitee: string; second: string };

async function setUp(request: APIRequestContext): Promise<Setup> {
  expect(
    (
      await request.post("/trpc/auth.signIn", { data: { username: ADMIN.login, password: ADMIN.password } })
    ).ok(),
  ).toBe(true);
  const stamp = `${Date.now()}`;
  const name = `Kutsu ${stamp} Oy`;
  const tenant = await (
    await request.post("/api/admin/tenant", {
      data: { name, country: "FI", streetAddress: "Katu 1", zipCode: "00100", city: "Oulu" },
    })
  ).json();
  const user = async (email: string, firstName: string) => {
    const answer = await request.post("/api/admin/user", {
      data: { type: "CLOUD", email, password: TEMPORARY, firstName, lastName: "Salainen" },
    });
    expect(answer.ok()).toBe(true);
    return (await answer.json()) as { id: string };
  };
  const adminEmail = `invite.admin.${stamp}@aurora.example`;
  const owner = await user(adminEmail, "Outi");
  // The first member of an organisation administers it.
  expect(
    (await request.post(`/api/admin/tenant/${tenant.id}/user`, { data: { userId: owner.id } })).ok(),
  ).toBe(true);
  const invitee = `invitee.${stamp}@aurora.example`;
  const second = `invitee.two.${stamp}@aurora.example`;
  await user(invitee, "Ilona");
  await user(second, "Iiris");
  return { tenantId: tenant.id, name, adminEmail, invitee, second };
}

/** Who has replaced the admin's temporary password already (in this file's run). */
const ownPassword = new Set<string>();

/** A browser signed in as a user the admin made: the temporary password is replaced through the API. */
async function signedIn(
  browser: Browser,
  baseURL: string,
  email: string,
  options = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { origin: baseURL } });
  const password = ownPassword.has(email) ? OWN : TEMPORARY;
  const first = await context.request.post("/trpc/auth.signIn", { data: { username: email, password } });
  expect(first.ok()).toBe(true);
  if (password === TEMPORARY) {
    const changed = await context.request.post("/trpc/auth.completeNewPassword", {
      data: { newPassword: OWN },
    });
    expect(changed.ok()).toBe(true);
    ownPassword.add(email);
  }
  return context;
}

test.describe
  .serial("issue 6.7: invitations", () => {
    test.describe.configure({ timeout: 300_000 });
    let setup: Setup;

    test.beforeAll(async ({ playwright, baseURL }) => {
      const request = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { origin: baseURL ?? "" },
      });
      setup = await setUp(request);
      await request.dispose();
    });

    test("issue 6.7: an admin invites an existing user, who accepts in the organisation chooser and sees the organisation", async ({
      browser,
      baseURL,
      page,
    }) => {
      const base = baseURL ?? "";
      const admin = await signedIn(browser, base, setup.adminEmail);
      const adminPage = await admin.newPage();
      await adminPage.goto(`/t/${setup.tenantId}/users`);
      await settled(adminPage, "Users");
      await adminPage.getByRole("button", { name: "Add user" }).click();
      const dialog = adminPage.getByRole("dialog", { name: "Add user" });
      await dialog.getByLabel("E-mail").fill(setup.invitee);
      await dialog.getByRole("button", { name: "Send invitation" }).click();
      await expect(adminPage.getByText(`An invitation has been sent to ${setup.invitee}.`)).toBeVisible();
      const invitations = adminPage.getByRole("region", { name: "Invitations" });
      const row = invitations.getByRole("row").filter({ hasText: setup.invitee });
      await expect(row.getByText("Invited")).toBeVisible();
      await expect(row.getByText("Basic user")).toBeVisible();
      await expectAccessible(adminPage, "organisation users with an invitation");
      await row.getByRole("button", { name: `Actions for the invitation to ${setup.invitee}` }).click();
      await expect(adminPage.getByRole("menuitem", { name: "Send again" })).toBeVisible();
      await expectAccessible(adminPage, "menu invitation actions");
      await adminPage.getByRole("menuitem", { name: "Withdraw the invitation" }).click();
      const withdraw = adminPage.getByRole("dialog", { name: "Withdraw the invitation?" });
      await expect(withdraw).toBeVisible();
      await expectAccessible(adminPage, "dialog withdraw the invitation");
      await withdraw.getByRole("button", { name: "Cancel" }).click();
      await expect(withdraw).toBeHidden();
      // The organisation learns nothing of the person before they accept: not their name.
      await expect(adminPage.getByRole("main")).not.toContainText("Ilona");
      const listed = await admin.request.get("/api/tenant/invitation", {
        headers: { "x-tenant-id": setup.tenantId },
      });
      const [invitation] = (await listed.json()) as Array<Record<string, unknown>>;
      expect(invitation).toMatchObject({ email: setup.invitee, state: "invited", roles: ["tenant_basic"] });
      expect(Object.keys(invitation ?? {}).sort()).toEqual([
        "createdAt",
        "email",
        "expiresAt",
        "id",
        "roles",
        "state",
      ]);

      // The invitee signs in (choosing their own password) and lands in the chooser with the invitation.
      await page.goto("/login");
      await page.getByLabel("Username or e-mail").fill(setup.invitee);
      await page.getByRole("textbox", { name: "Password" }).fill(TEMPORARY);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await page.getByRole("textbox", { name: "New password", exact: true }).fill(OWN);
      await page.getByRole("textbox", { name: "Repeat the new password" }).fill(OWN);
      await page.getByRole("button", { name: "Save and continue" }).click();
      ownPassword.add(setup.invitee);
      await settled(page, "Choose an organisation");
      const invited = page.getByRole("region", { name: "Invitations" });
      await expect(invited.getByText(setup.name)).toBeVisible();
      await expect(invited.getByText("Outi Salainen invited you to join.", { exact: false })).toBeVisible();
      await expectAccessible(page, "organisation chooser with an invitation");
      await invited.getByRole("button", { name: `Decline the invitation to ${setup.name}` }).click();
      const confirm = page.getByRole("dialog", { name: "Decline the invitation?" });
      await expect(confirm).toBeVisible();
      await expectAccessible(page, "dialog decline the invitation");
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();

      await invited.getByRole("button", { name: `Accept the invitation to ${setup.name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/t/${setup.tenantId}/dashboard$`));
      await expect(page.getByRole("navigation", { name: setup.name })).toBeVisible();
      // The membership is the server's: the API answers the organisation to the new member.
      const current = await page.request.get("/api/tenant", { headers: { "x-tenant-id": setup.tenantId } });
      expect(current.status()).toBe(200);
      expect(((await current.json()) as { name: string }).name).toBe(setup.name);

      // The admin now sees a member, and the invitation has left the list.
      await adminPage.reload();
      await settled(adminPage, "Users");
      await expect(adminPage.getByRole("row").filter({ hasText: setup.invitee })).toContainText(
        "Ilona Salainen",
      );
      await expect(adminPage.getByRole("region", { name: "Invitations" })).toHaveCount(0);
      await admin.close();
    });

    test("issue 6.7: the invitation mail's sign-up link fills in the address and names", async ({ page }) => {
      const email = `new.person.${Date.now()}@aurora.example`;
      await page.goto(`/signup?${new URLSearchParams({ email, firstName: "Uusi", lastName: "Ihminen" })}`);
      await settled(page);
      await expect(page.getByLabel("E-mail")).toHaveValue(email);
      await expect(page.getByLabel("First name")).toHaveValue("Uusi");
      await expect(page.getByLabel("Last name")).toHaveValue("Ihminen");
    });

    test("issue 6.7: the invitation screens fit a 390 px phone in every language", async ({
      browser,
      baseURL,
    }) => {
      const base = baseURL ?? "";
      const admin = await signedIn(browser, base, setup.adminEmail, PHONE);
      // A second invitation stays open, so both lists have a row to show.
      const sent = await admin.request.post("/api/tenant/user", {
        headers: { "x-tenant-id": setup.tenantId, "content-type": "application/json" },
        data: { email: setup.second, roles: ["tenant_readonly"] },
      });
      expect(sent.status()).toBe(200);
      const adminState = await admin.storageState();
      await admin.close();
      const invitee = await signedIn(browser, base, setup.second, PHONE);
      const inviteeState = await invitee.storageState();
      await invitee.close();

      for (const language of LANGUAGES) {
        for (const [who, state, path] of [
          ["organisation admin", adminState, `/t/${setup.tenantId}/users`],
          ["invitee", inviteeState, "/"],
        ] as const) {
          const context = await browser.newContext({ ...PHONE, storageState: state });
          await context.addInitScript((lang) => localStorage.setItem("kunto.language", lang), language);
          // A signed-in user's own language wins over the browser's: set it for the user.
          const saved = await context.request.put(`/api/user/set-language/${language}`, {
            headers: { origin: base },
          });
          expect(saved.status()).toBe(200);
          const phone = await context.newPage();
          await phone.goto(path);
          await settled(phone);
          await expect(phone.getByText(setup.second).or(phone.getByText(setup.name)).first()).toBeVisible();
          await expect(phone.locator("html")).toHaveAttribute("lang", language === "ee" ? "et" : language);
          expect.soft(await overflowProblems(phone), `${who} ${path} in ${language} at 390 px`).toEqual([]);
          await context.close();
        }
      }
    });
  });
