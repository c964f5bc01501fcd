// Manual visual check (not a test): signs in as the demo user in headless Chromium and saves
// screenshots of the main pages. Usage: node scripts/screenshots.mjs [baseUrl] [outDir]
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";

const baseUrl = process.argv[2] ?? "http://localhost:3000";
const outDir = process.argv[3] ?? "/tmp/kunto-screenshots";
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, locale: "en-GB" });
const problems = [];
page.on("console", (message) => {
  // The browser logs the expected 401 of "who am I" before sign-in as an error.
  if (message.type() === "error" && !message.text().includes("401")) problems.push(message.text());
});
page.on("pageerror", (error) => problems.push(error.message));

const shot = async (name) => {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(400); // transitions (menu, notifications) settle
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
  console.log(`${name}: ${page.url()}`);
};

await page.goto(`${baseUrl}/login`);
await shot("01-login");
await page.getByRole("button", { name: "Try the demo" }).click();
await page.waitForURL((url) => url.pathname === "/");
await page
  .getByRole("button", {
    name: /^(User menu|Käyttäjävalikko|Kasutaja menüü|Меню пользователя|Menu użytkownika)$/,
  })
  .waitFor();
// The demo user's saved language wins after sign-in; start from English.
await page.getByRole("button", { name: /^(Language|Kieli|Keel|Язык|Język)/ }).click();
await page.getByRole("menuitem", { name: "English" }).click();
await page.getByRole("heading", { name: "Choose an account" }).waitFor();
await shot("02-choose-account");
await page.getByRole("button", { name: /Aurora Components/ }).click();
await page.waitForURL(/\/t\/[^/]+\/dashboard/);
await shot("03-dashboard");
await page.goto(`${baseUrl}/me`);
await page.getByRole("heading", { name: "Profile" }).waitFor();
await shot("04-profile");
await page.getByRole("button", { name: /^Language/ }).click();
await page.getByRole("menuitem", { name: "Suomi" }).click();
await page.getByRole("heading", { name: "Profiili" }).waitFor();
await shot("05-profile-fi");
await page.getByRole("button", { name: /^Kieli/ }).click();
await page.getByRole("menuitem", { name: "English" }).click();
await page.getByRole("heading", { name: "Profile" }).waitFor();
await page.goto(`${baseUrl}/no-such-page`);
await shot("06-not-found");
await page.goto(`${baseUrl}/users`);
await page.waitForURL(/access_denied/);
await shot("07-access-denied");

await browser.close();
if (problems.length > 0) {
  console.error(`Console errors:\n${problems.join("\n")}`);
  process.exitCode = 1;
}
