import { expect, type Locator, type Page, test } from "@playwright/test";
import { demoContext, expectAccessible, settled, tenantIdOf } from "./support";

/**
 * Issue 19.10: the destructive items of the menus ("Remove from organisation" in a member's row,
 * "Delete" on a task card) read at 4.5:1 or better whether the menu has just opened, the keyboard
 * is on the item, or the pointer is over it (before: red.6 on white, 3.3:1, and red on dark red,
 * 1.1:1, when focused). axe scans the page in each state; the item's own contrast is measured too,
 * since axe leaves a colour it cannot work out as "incomplete" instead of failing.
 */

/** The contrast of an element's text on what is drawn behind it (WCAG 2 relative luminance). */
async function contrastOf(item: Locator): Promise<number> {
  return item.evaluate((el) => {
    const parse = (value: string): number[] | null => {
      const match = value.match(/^rgba?\(([^)]+)\)$/);
      if (!match?.[1]) return null;
      const [r = 0, g = 0, b = 0, a = 1] = match[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [r, g, b, a];
    };
    const over = (top: number[], below: number[]) =>
      below.slice(0, 3).map((v, i) => (top[i] ?? 0) * (top[3] ?? 1) + v * (1 - (top[3] ?? 1)));
    const layers: number[][] = [];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg && (bg[3] ?? 0) > 0) {
        layers.push(bg);
        if ((bg[3] ?? 0) >= 1) break;
      }
    }
    const background = layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255]);
    const text = parse(getComputedStyle(el).color);
    if (!text) return 0;
    const foreground = over(text, background);
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [light, dark] = [luminance(foreground), luminance(background)].sort((x, y) => y - x);
    return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
  });
}

const isFocused = (item: Locator) => item.evaluate((el) => el === document.activeElement);

/** The menu is open: scans it as it opens, with the item reached by the keyboard, then hovered. */
async function checkDestructiveItem(page: Page, menu: string, item: Locator) {
  await expect(item).toBeVisible();
  expect.soft(await contrastOf(item), `${menu}: the item as the menu opens`).toBeGreaterThanOrEqual(4.5);
  await expectAccessible(page, `${menu}, open`);

  // The keyboard: arrow down until the item has the focus (Mantine's focused look).
  for (let i = 0; i < 12 && !(await isFocused(item)); i++) await page.keyboard.press("ArrowDown");
  await expect(item).toBeFocused();
  expect.soft(await contrastOf(item), `${menu}: the item focused`).toBeGreaterThanOrEqual(4.5);
  await expectAccessible(page, `${menu}, the destructive item focused`);

  // The pointer over it, the keyboard on the item before it where there is one.
  await page.keyboard.press("ArrowUp");
  await item.hover();
  expect.soft(await contrastOf(item), `${menu}: the item hovered`).toBeGreaterThanOrEqual(4.5);
  await expectAccessible(page, `${menu}, the destructive item hovered`);

  await page.keyboard.press("Escape");
  await expect(item).toBeHidden();
}

test("issue 19.10: destructive menu items read at 4.5:1 as the menu opens, focused and hovered", async ({
  browser,
}) => {
  const context = await demoContext(browser);
  const tenantId = await tenantIdOf(context, "Aurora Components Oy");
  const page = await context.newPage();

  // A member's row on the organisation's users page (not an invitation's row).
  await page.goto(`/t/${tenantId}/users`);
  await settled(page, "Users");
  await page
    .getByRole("button", { name: /^Actions for (?!the invitation)/ })
    .first()
    .click();
  await checkDestructiveItem(
    page,
    "the member menu",
    page.getByRole("menuitem", { name: "Remove from organisation" }),
  );

  // A task card on the task board.
  await page.goto(`/t/${tenantId}/tasks`);
  await settled(page, "Tasks");
  await page
    .getByTestId("task-card")
    .first()
    .getByRole("button", { name: /^Actions for / })
    .click();
  await checkDestructiveItem(
    page,
    "the task menu",
    page.getByRole("menuitem", { name: "Delete", exact: true }),
  );

  await context.close();
});
