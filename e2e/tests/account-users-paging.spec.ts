import { expect as baseExpect, test } from "@playwright/test";

const ADMIN_PASSWORD = "e2e admin passphrase 2026";
const TEMPORARY = "temporary from the admin 41";
const OWN = "my own long passphrase 2026";
const MEMBERS = 120;
// Sized for a loaded machine: the page retries a failed load twice before it gives up.
const expect = baseExpect.configure({ timeout: 20_000 });

test("issue 10.6: the account users list pages by 100 and a failed first load offers a retry", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const base = baseURL ?? "";
  const stamp = Date.now();
  const email = `paging.admin.${stamp}@aurora.example`;

  // An account with its admin and 120 more members, set up by the platform admin over the API.
  const admin = await playwright.request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  expect(
    (
      await admin.post("/trpc/auth.signIn", {
        data: { username: "admin@kunto.local", password: ADMIN_PASSWORD },
      })
    ).ok(),
  ).toBe(true);
  const tenant = await (
    await admin.post("/api/admin/tenant", {
      data: {
        name: `Paging ${stamp} Oy`,
        country: "FI",
        streetAddress: "Katu 1",
        zipCode: "00100",
        city: "Oulu",
      },
    })
  ).json();
  const owner = await (
    await admin.post("/api/admin/user", { data: { type: "CLOUD", email, password: TEMPORARY } })
  ).json();
  // The first member of an account administers it.
  expect((await admin.post(`/api/admin/tenant/${tenant.id}/user`, { data: { userId: owner.id } })).ok()).toBe(
    true,
  );
  for (let i = 0; i < MEMBERS; i++) {
    const member = await (
      await admin.post("/api/admin/user", {
        data: { type: "CLOUD", email: `paging.${stamp}.${String(i).padStart(3, "0")}@aurora.example` },
      })
    ).json();
    await admin.post(`/api/admin/tenant/${tenant.id}/user`, { data: { userId: member.id } });
  }
  await admin.dispose();

  await page.goto("/login");
  await page.getByLabel("Username or e-mail").fill(email);
  await page.getByRole("textbox", { name: "Password" }).fill(TEMPORARY);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("textbox", { name: "New password", exact: true }).fill(OWN);
  await page.getByRole("textbox", { name: "Repeat the new password" }).fill(OWN);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/t\/[0-9a-f-]+\/dashboard$/);

  // The first load fails: the page says so (document 1 §8) and offers to try again.
  await page.route(/\/trpc\/[^?]*tenant\.users/, (route) => route.abort());
  await page.goto(`/t/${tenant.id}/users`);
  await expect(page.getByText("Loading users was not successful. Please try again.")).toBeVisible();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await page.unroute(/\/trpc\/[^?]*tenant\.users/);
  await page.getByRole("button", { name: "Try again" }).click();

  // Pages of 100 with 100 / 200 / 500 / all (document 1 §9).
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(100);
  await expect(page.getByText(`1–100 of ${MEMBERS + 1}`)).toBeVisible();
  const size = page.getByRole("combobox", { name: "Rows per page" });
  await expect(size).toHaveValue("100");
  await size.click();
  await expect(page.getByRole("option")).toHaveText(["100", "200", "500", "All"]);
  await page.getByRole("option", { name: "All" }).click();
  await expect(rows).toHaveCount(MEMBERS + 1);

  // The add-user dialog holds a form: a click outside keeps it open with what was typed.
  await page.getByRole("button", { name: "Add user" }).click();
  const dialog = page.getByRole("dialog", { name: "Add user" });
  await dialog.getByLabel("E-mail").fill("half.typed@aurora.example");
  await page.mouse.click(5, 5);
  await expect(dialog.getByLabel("E-mail")).toHaveValue("half.typed@aurora.example");
});
