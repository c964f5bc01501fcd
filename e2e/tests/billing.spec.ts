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

/**
 * A new organisation whose first member (its admin) has a password of their own; the page's context
 * ends up signed in as that admin. Made through the platform admin's API, so the spec runs again
 * and again on the same database.
 */
async function organisationWithAdmin(page: Page, baseURL: string): Promise<{ tenantId: string }> {
  const request = page.context().request;
  const post = async (path: string, data: object) => {
    const answer = await request.post(path, { data, headers: { origin: baseURL } });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
    return answer.json() as Promise<{ id: string }>;
  };
  const temporary = `${PASSWORD} temporary`;
  await post("/trpc/auth.signIn", { username: ADMIN.login, password: ADMIN.password });
  const stamp = Date.now().toString(36);
  const tenant = await post("/api/admin/tenant", { name: `Maksu ${stamp} Oy`, country: "FI" });
  const email = `billing.${stamp}@aurora.example`;
  const user = await post("/api/admin/user", {
    type: "CLOUD",
    email,
    password: temporary,
    firstName: "Maija",
    lastName: "Maksaja",
  });
  // The first member of an organisation administers it.
  await post(`/api/admin/tenant/${tenant.id}/user`, { userId: user.id });
  await post("/trpc/auth.signOut", {});
  await post("/trpc/auth.signIn", { username: email, password: temporary });
  await post("/trpc/auth.completeNewPassword", { newPassword: PASSWORD });
  return { tenantId: tenant.id };
}

test("FREE buys PRO at checkout, PRO's limits apply, a cancelled plan ends on its date and leaves FREE with the data kept", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { tenantId } = await organisationWithAdmin(page, baseURL ?? "");
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
  await payments.getByText("Monthly", { exact: true }).click();
  await expect(pro.getByText("€29.00")).toBeVisible();
  await payments.getByText("Yearly", { exact: true }).click();
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
  await expectAccessible(page, "the payments card on PRO in its trial");
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

  // Monthly from here on, changed in Kunto; the card shows it once Stripe's event has arrived.
  await payments.getByRole("button", { name: "Pay monthly" }).click();
  await expect(payments.getByRole("button", { name: "Pay yearly and save 20%" })).toBeVisible();

  // Cancelled in the portal: it runs to the period's end and says so.
  await payments.getByRole("button", { name: "Edit payment details" }).click();
  await expect(page).toHaveURL(new RegExp(`^${FAKE}/portal/`));
  await page.getByRole("button", { name: "Cancel plan" }).click();
  await expect(page.getByText(/^Ends on /)).toBeVisible();
  await page.getByRole("link", { name: "Return" }).click();
  await settled(page, "Settings");
  await expect(payments.getByTestId("billing-ends-on")).toBeVisible();
  await expect(payments.getByRole("region", { name: "PRO" }).getByText("Your plan")).toBeVisible();
  // Taken back in Kunto, then cancelled in Kunto: each waits for Stripe's event to reach the card.
  await payments.getByRole("button", { name: "Keep the subscription" }).click();
  await expect(payments.getByTestId("billing-ends-on")).toHaveCount(0);
  await payments.getByRole("button", { name: "Cancel the subscription" }).click();
  const confirm = page.getByRole("dialog", { name: "Cancel the subscription?" });
  await confirm.getByRole("button", { name: "Cancel the subscription" }).click();
  await expect(confirm).toBeHidden();
  await expect(payments.getByTestId("billing-ends-on")).toBeVisible();

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

test("the payments card fits a 390 px phone and passes axe", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const { tenantId } = await organisationWithAdmin(page, baseURL ?? "");
  await page.goto(`/t/${tenantId}/settings`);
  await settled(page, "Settings");
  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments.getByRole("region", { name: "PRO" }).getByText("€23.20")).toBeVisible();
  await payments.scrollIntoViewIfNeeded();
  expect(await overflowProblems(page)).toEqual([]);
  await expectAccessible(page, "the payments card at 390 px");
  await context.close();
});
