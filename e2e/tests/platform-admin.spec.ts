import { expect, type Page, test } from "@playwright/test";
import { ADMIN, signIn, tryTheDemo } from "./support";

async function signInAsAdmin(page: Page) {
  await signIn(page, ADMIN);
  // A platform admin without an organisation of their own lands on the organisation list.
  await expect(page).toHaveURL(/\/tenants$/);
}

test("a platform admin creates a shared device user who can then sign in (issue 6.18: as a device user)", async ({
  page,
  browser,
}) => {
  const username = `kiosk-${Date.now()}`;
  await signInAsAdmin(page);
  await page.getByRole("navigation").getByRole("link", { name: "Users" }).click();
  await expect(page.getByText("demo@kunto.local")).toBeVisible();

  await page.getByRole("button", { name: "Create new user" }).click();
  const dialog = page.getByRole("dialog", { name: "Create new user" });
  const roles = dialog.locator(".mantine-MultiSelect-pill");
  await expect(roles).toHaveText(["Basic user"]);
  await dialog.getByText("Shared device user").click();
  await expect(roles).toHaveText(["Device user"]);
  await dialog.getByLabel("Username").fill(username);
  await dialog.getByRole("textbox", { name: "Password" }).fill("lobby kiosk shared phrase 7");
  await dialog.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText(username)).toBeVisible();

  // The server's record, not only the list on screen.
  const users = (await (await page.request.get("/api/admin/user?user_type=local")).json()) as Array<{
    username: string | null;
    roles: string[];
  }>;
  expect(users.find((user) => user.username === username)?.roles).toEqual(["agent"]);

  const kiosk = await browser.newPage();
  await kiosk.goto("/login");
  await kiosk.getByLabel("Username or e-mail").fill(username.toUpperCase());
  await kiosk.getByRole("textbox", { name: "Password" }).fill("lobby kiosk shared phrase 7");
  await kiosk.getByRole("button", { name: "Sign in", exact: true }).click();
  // The admin's password is temporary (issue 10.2): the device chooses its own first.
  await expect(kiosk.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await kiosk.getByRole("textbox", { name: "New password", exact: true }).fill("tablet by the lobby door 77");
  await kiosk.getByRole("textbox", { name: "Repeat the new password" }).fill("tablet by the lobby door 77");
  await kiosk.getByRole("button", { name: "Save and continue" }).click();
  // Not a member of any organisation yet and not an admin: offered to create one.
  await expect(kiosk).toHaveURL(/\/new_account$/);
  await kiosk.close();
});

test("issue 6.27: a platform admin moves an organisation to another plan, whichever plan an earlier run left", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const name = "Aurora Logistics OÜ";
  const planCell = () =>
    page
      .getByRole("row")
      .filter({ hasText: name })
      .getByText(/^(Free|Pro|Total)$/);
  await expect(planCell()).toBeVisible();
  // Whatever an earlier run left (issue 6.27: no fresh database assumed), move to the other one.
  const target = (await planCell().textContent()) === "Pro" ? "Free" : "Pro";
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Change subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "Change subscription" });
  await dialog.getByText(target, { exact: true }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(planCell()).toHaveText(target);
  await page.reload();
  await expect(planCell()).toHaveText(target);
});

test("issue 6.27: organisation members are kept out of platform administration, by the API too", async ({
  page,
}) => {
  await tryTheDemo(page);
  await page.goto("/users");
  await expect(page).toHaveURL(/\/access_denied$/);
  await expect(page.getByText("The page you're trying to access has restricted access.")).toBeVisible();

  // The same session at the REST paths behind the pages: refused by the server, not only hidden.
  for (const path of ["/api/admin/user", "/api/admin/tenant"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(403);
    expect(await response.json()).toMatchObject({ error_key: "access_denied" });
  }
  const write = await page.request.post("/api/admin/tenant", {
    data: { name: "Should not exist", country: "FI" },
  });
  expect(write.status()).toBe(403);
});
