import { expect, type Page, test } from "@playwright/test";
import { ADMIN, expectAccessible, overflowProblems, settled } from "./support";

/**
 * Issue 21: an organisation on FREE buys PRO through checkout (the local fake Stripe's hosted page
 * stands in for Stripe's), PRO's limits then apply; cancelled in the portal it says "ends on", and
 * after the period it is FREE again with its data kept (an API key made on PRO is refused, not gone).
 */
// The fake's port as playwright.config.ts sets it (E2E_STRIPE_PORT, else the app's port + 1).
const FAKE = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1}`;
const PASSWORD = "billing e2e passphrase 2026";

type FakeSubscription = { id: string; status: string; metadata: Record<string, string> };

async function subscriptionOf(tenantId: string): Promise<FakeSubscription> {
  const state = (await (await fetch(`${FAKE}/_fake/state`)).json()) as { subscriptions: FakeSubscription[] };
  const found = state.subscriptions.find((s) => s.metadata.tenantId === tenantId);
  if (!found) throw new Error(`No fake subscription for ${tenantId}`);
  return found;
}

/** A new organisation whose first member (its admin) has a password of their own. */
async function organisationWithAdmin(page: Page): Promise<{ tenantId: string; email: string }> {
  const request = page.context().request;
  expect(
    (
      await request.post("/trpc/auth.signIn", { data: { username: ADMIN.login, password: ADMIN.password } })
    ).ok(),
  ).toBe(true);
  const stamp = Date.now().toString(36);
  const tenant = (await (
    await request.post("/api/admin/tenant", { data: { name: `Maksu ${stamp} Oy`, country: "FI" } })
  ).json()) as { id: string };
  const email = `billing.${stamp}@aurora.example`;
  const user = await request.post("/api/admin/user", {
    data: {
      type: "CLOUD",
      email,
      password: `${PASSWORD} temporary`,
      firstName: "Maija",
      lastName: "Maksaja",
    },
  });
  expect(user.ok()).toBe(true);
  const { id } = (await user.json()) as { id: string };
  expect((await request.post(`/api/admin/tenant/${tenant.id}/user`, { data: { userId: id } })).ok()).toBe(
    true,
  );
  await request.post("/trpc/auth.signOut", { data: {} });
  expect(
    (
      await request.post("/trpc/auth.signIn", {
        data: { username: email, password: `${PASSWORD} temporary` },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (await request.post("/trpc/auth.completeNewPassword", { data: { newPassword: PASSWORD } })).ok(),
  ).toBe(true);
  return { tenantId: tenant.id, email };
}

test("FREE buys PRO at checkout, PRO's limits apply, a cancelled plan ends on its date and leaves FREE with the data kept", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { tenantId } = await organisationWithAdmin(page);
  const payments = page.getByRole("region", { name: "Payments" });
  const apiKeys = page.getByRole("region", { name: "API keys" });
  await page.goto(`/t/${tenantId}/settings`);
  await settled(page, "Settings");

  // FREE: the plan cards with the interval toggle, prices read from Stripe, TOTAL by quote.
  await expect(payments.getByRole("region", { name: "FREE" }).getByText("Your plan")).toBeVisible();
  await expect(payments.getByRole("radiogroup", { name: "Billing interval" })).toBeVisible();
  const pro = payments.getByRole("region", { name: "PRO" });
  // €278.40 a year is €23.20 a month (document 3 §9).
  await expect(pro.getByText("€23.20")).toBeVisible();
  await expect(payments.getByText("Paying yearly saves 20%.")).toBeVisible();
  await expect(payments.getByRole("region", { name: "TOTAL" }).getByText("starting €999")).toBeVisible();
  await expect(payments.getByRole("link", { name: "Contact us for a quote" })).toHaveAttribute(
    "href",
    /^mailto:/,
  );
  await payments.getByText("Monthly").click();
  await expect(pro.getByText("€29.00")).toBeVisible();
  await payments.getByText("Yearly").click();
  await expect(
    apiKeys.getByText("API keys for integrations are included in the PRO and TOTAL plans."),
  ).toBeVisible();
  await expectAccessible(page, "the payments card on FREE");

  // Checkout on the fake's hosted page, then back with the plan confirmed by Stripe's events.
  await pro.getByRole("button", { name: "Try PRO free for 30 days" }).click();
  await expect(page).toHaveURL(new RegExp(`^${FAKE}/checkout/`));
  await expect(page.getByText("30 days free, then billed as above.")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${tenantId}/settings\\?checkout=success$`));
  await expect(
    payments.getByText("Thank you. The plan changes as soon as Stripe confirms the subscription."),
  ).toBeVisible();
  await expect(payments.getByRole("region", { name: "PRO" }).getByText("Your plan")).toBeVisible();
  await expect(payments.getByText(/The free trial ends on/)).toBeVisible();
  await expect(payments.getByRole("radiogroup", { name: "Billing interval" })).toHaveCount(0);

  // PRO's limits: API keys are there now; one is made and works.
  await apiKeys.getByRole("button", { name: "New API key" }).click();
  const dialog = page.getByRole("dialog", { name: "New API key" });
  await dialog.getByRole("textbox", { name: "Name" }).fill("Billing check");
  await dialog.getByRole("checkbox", { name: "I accept the API terms of use" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  const created = page.getByRole("dialog", { name: "API key created" });
  const token = ((await created.getByTestId("api-key-token").textContent()) ?? "")
    .replace("Authorization: Bearer ", "")
    .trim();
  await created.getByRole("button", { name: "Done" }).click();
  const keyCall = () =>
    fetch(`${baseURL}/api/tenant/survey`, { headers: { authorization: `Bearer ${token}` } });
  expect((await keyCall()).status).toBe(200);

  // Cancelled in the portal: it runs to the period's end and says so.
  await payments.getByRole("button", { name: "Edit payment details" }).click();
  await expect(page).toHaveURL(new RegExp(`^${FAKE}/portal/`));
  await page.getByRole("button", { name: "Cancel plan" }).click();
  await expect(page.getByText(/^Ends on /)).toBeVisible();
  await page.getByRole("link", { name: "Return" }).click();
  await settled(page, "Settings");
  await expect(payments.getByTestId("billing-ends-on")).toBeVisible();
  await expect(payments.getByRole("region", { name: "PRO" }).getByText("Your plan")).toBeVisible();

  // The period ends: Stripe ends the subscription and the organisation is on FREE again.
  const subscription = await subscriptionOf(tenantId);
  expect(
    (await fetch(`${FAKE}/_fake/subscriptions/${subscription.id}/end_period`, { method: "POST" })).ok,
  ).toBe(true);
  await expect(async () => {
    await page.reload();
    await expect(payments.getByRole("region", { name: "FREE" }).getByText("Your plan")).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(payments.getByText("Canceled")).toBeVisible();
  // The key is kept but refused on FREE (a deleted one would be 401).
  const refused = await keyCall();
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { error_key?: string }).error_key).toBe("plan_required");
  // Buying again starts without the trial, which was used.
  await expect(
    payments.getByRole("region", { name: "PRO" }).getByRole("button", { name: "Choose PRO" }),
  ).toBeVisible();
});

test("the payments card fits a 390 px phone and passes axe", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const { tenantId } = await organisationWithAdmin(page);
  await page.goto(`/t/${tenantId}/settings`);
  await settled(page, "Settings");
  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments.getByRole("region", { name: "PRO" }).getByText("€23.20")).toBeVisible();
  await payments.scrollIntoViewIfNeeded();
  expect(await overflowProblems(page)).toEqual([]);
  await expectAccessible(page, "the payments card at 390 px");
  await context.close();
});
