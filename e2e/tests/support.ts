import { AxeBuilder } from "@axe-core/playwright";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";

/** The platform admin's password, given to the server by playwright.config.ts. */
export const ADMIN_PASSWORD = "e2e admin passphrase 2026";
export const ADMIN = { login: "admin@kunto.local", password: ADMIN_PASSWORD };

export async function signIn(page: Page, who: { login: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Username or e-mail").fill(who.login);
  await page.getByRole("textbox", { name: "Password" }).fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
/** Sessions of this worker by login: test files run one after another in one worker process. */
const sessions = new Map<string, StorageState>();

/**
 * A browser context signed in as `who`, reusing this worker's session of that person while the
 * server still knows it: every sign-in counts against the per-address and per-account limits,
 * so the suite signs in a handful of times, and runs again on the same database (issue 6.27).
 */
export async function signedInContext(
  browser: Browser,
  who: { login: string; password: string },
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  const saved = sessions.get(who.login);
  if (saved) {
    const context = await browser.newContext({ ...options, storageState: saved });
    const answer = (await (await context.request.get("/trpc/user.session")).json()) as {
      result?: { data: unknown };
    };
    if (answer.result?.data) return context;
    await context.close();
  }
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signIn(page, who);
  await page.close();
  sessions.set(who.login, await context.storageState());
  return context;
}

/**
 * "Try the demo" on the sign-in page: a private sandbox for this visitor (issue 6.6), which lands on
 * the organisation chooser (the demo user belongs to two organisations).
 */
export async function tryTheDemo(page: Page) {
  await page.goto("/login");
  await page.getByRole("button", { name: "Try the demo" }).click();
  await expect(page.getByText("You are a member of several organisations.")).toBeVisible();
}

/** This worker's demo sandbox, while the server still knows it. */
let demoState: StorageState | null = null;

/**
 * A browser context in this worker's demo sandbox. Every new sandbox counts against the address's
 * hourly limit (DEMO_SANDBOX_LIMIT, raised by playwright.config.ts for the server it starts), so
 * specs that only need a demo organisation admin share one; specs about the sandbox itself make
 * their own with `tryTheDemo`.
 */
export async function demoContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  if (demoState) {
    const context = await browser.newContext({ ...options, storageState: demoState });
    const answer = (await (await context.request.get("/trpc/user.session")).json()) as {
      result?: { data: unknown };
    };
    if (answer.result?.data) return context;
    await context.close();
  }
  const context = await browser.newContext(options);
  const response = await context.request.post("/api/public/demo");
  expect(response.status(), "a new demo sandbox (raise DEMO_SANDBOX_LIMIT for a reused server)").toBe(200);
  demoState = await context.storageState();
  return context;
}

/** The id of a demo account, from the signed-in user's own `GET /api/user`. */
export async function tenantIdOf(context: BrowserContext, name: string): Promise<string> {
  const me = (await (await context.request.get("/api/user")).json()) as {
    tenants: Array<{ id: string; name: string }>;
  };
  const tenant = me.tenants.find((t) => t.name === name);
  if (!tenant) throw new Error(`${name} is not among the user's accounts`);
  return tenant.id;
}

/** Waits until a screen has its page heading and nothing is loading any more. */
export async function settled(page: Page, heading?: string | RegExp) {
  await expect(
    heading
      ? page.getByRole("heading", { level: 1, name: heading })
      : page.getByRole("heading", { level: 1 }),
  ).toBeVisible();
  await expect(page.locator("[aria-busy=true], .mantine-Loader-root")).toHaveCount(0);
}

/**
 * Mantine's transitions fade in from opacity 0: checking mid-fade misreads colours and sizes. A
 * transition can start a frame after another ends (a hover once a dialog lands under the pointer,
 * a focus ring after autofocus), so this waits until two frames in a row start nothing new.
 */
export async function animationsDone(page: Page) {
  await page.evaluate(async () => {
    const running = () =>
      document
        .getAnimations()
        // Spinners run forever; only the transitions that end matter.
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().iterations ?? 1)))
        .filter((a) => a.playState === "running" || a.pending);
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
    for (let quiet = 0, rounds = 0; quiet < 2 && rounds < 50; rounds++) {
      const now = running();
      if (now.length === 0) {
        quiet++;
        await frame();
      } else {
        quiet = 0;
        await Promise.all(now.map((a) => a.finished.catch(() => null)));
      }
    }
  });
}

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe-core over the whole page (open dialogs and menus included); fails on any violation. */
export async function expectAccessible(page: Page, what: string) {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  const found = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes
      .slice(0, 5)
      .map(
        (n) => `${n.target.join(" ")} | ${n.html.slice(0, 120)} | ${n.failureSummary?.split("\n")[1] ?? ""}`,
      ),
  }));
  expect.soft(found, `axe violations on ${what}`).toEqual([]);
}

/**
 * What does not fit a narrow screen: the page scrolling sideways, and any element whose content is
 * wider than its box while the box hides or scrolls the rest (a cut badge, a truncated button
 * label, a table that needs sideways scrolling). Visually hidden helpers (1 px boxes) are skipped.
 */
export async function overflowProblems(page: Page): Promise<string[]> {
  await animationsDone(page);
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`the page scrolls sideways: ${root.scrollWidth} px content in ${root.clientWidth} px`);
    const describe = (el: Element) => {
      const classes = [...el.classList].filter((c) => c.startsWith("mantine-")).join(".");
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
      return `<${el.tagName.toLowerCase()}${classes ? `.${classes}` : ""}> "${text}"`;
    };
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const style = getComputedStyle(el);
      if (style.overflowX === "visible" || el.matches("input, textarea, select")) continue;
      // Scrollbars are the frame's chrome, not content that could be cut.
      if (el.closest(".mantine-ScrollArea-scrollbar")) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2 || !el.checkVisibility({ visibilityProperty: true })) continue;
      // Off-screen panels (the closed phone menu) are not shown.
      if (box.right <= 0 || box.left >= root.clientWidth) continue;
      problems.push(`cut: ${describe(el)} needs ${el.scrollWidth} px, has ${el.clientWidth} px`);
    }
    return problems;
  });
}

/**
 * Words broken in the middle (issue 19.9): a word, letters and digits between spaces or
 * punctuation, whose text is laid out on more than one line ("Leadershi" / "p"). A break at a
 * hyphen, a soft hyphen, a slash or an "@" is between two words and allowed. Each word is measured
 * with a Range: its client rects are one per line it is on. Text in SVG (chart labels, which never
 * wrap), in hidden elements and in visually hidden helpers (1 px boxes) is skipped. The browser of
 * the suite has no hyphenation dictionaries (`--disable-component-update`), so `hyphens: auto`
 * adds no hyphen there and any split found is a bare one.
 */
export async function brokenWords(page: Page): Promise<string[]> {
  await animationsDone(page);
  return page.evaluate(() => {
    const found: string[] = [];
    const viewport = document.documentElement.clientWidth;
    const tiny = new Map<Element, boolean>();
    // Inside a box of 2 px or less that hides its overflow: a visually hidden helper.
    const inTinyBox = (el: Element | null): boolean => {
      if (!el || el === document.body) return false;
      const known = tiny.get(el);
      if (known !== undefined) return known;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const result =
        ((box.width <= 2 || box.height <= 2) && style.overflow !== "visible") || inTinyBox(el.parentElement);
      tiny.set(el, result);
      return result;
    };
    const describe = (el: Element) => {
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
      return `<${el.tagName.toLowerCase()}> "${text}"`;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? "";
      if (!parent || text.trim().length < 2) continue;
      if (parent.closest("svg, script, style, noscript, template")) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      if (inTinyBox(parent)) continue;
      for (const match of text.matchAll(/[\p{L}\p{M}\p{N}]{2,}/gu)) {
        const start = match.index;
        const word = match[0];
        range.setStart(node, start);
        range.setEnd(node, start + word.length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        const first = rects[0];
        if (!first || first.right <= 0 || first.left >= viewport) continue;
        const lower = (r: DOMRect) => r.top >= first.top + first.height / 2;
        if (!rects.some(lower)) continue;
        // Where the second line starts, for the message: "Leadershi/p".
        let at = word.length;
        for (let i = 1; i < word.length; i++) {
          range.setStart(node, start + i);
          range.setEnd(node, start + i + 1);
          const rect = range.getClientRects()[0];
          if (rect && lower(rect)) {
            at = i;
            break;
          }
        }
        found.push(`"${word.slice(0, at)}/${word.slice(at)}" in ${describe(parent)}`);
      }
    }
    return found;
  });
}
