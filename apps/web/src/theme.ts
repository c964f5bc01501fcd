import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  luminance,
  type MantineColorsTuple,
} from "@mantine/core";

/** A calm blue with a hint of teal: reads as trustworthy without shouting. */
const kunto: MantineColorsTuple = [
  "#eaf4fb",
  "#d6e6f2",
  "#a9cbe5",
  "#79aed8",
  "#5396cd",
  "#3b87c7",
  "#2d7fc5",
  "#1f6dae",
  "#14619c",
  "#00538a",
];

/** Texts every dialog and toast needs in the reader's language. */
export interface ThemeLabels {
  close: string;
}

/**
 * The theme, with the names of the icon-only close buttons Mantine draws itself (dialogs, toasts):
 * made per language so a screen reader hears them in the interface's language.
 */
export function createKuntoTheme(labels: ThemeLabels) {
  const close = { "aria-label": labels.close };
  return createTheme({
    primaryColor: "kunto",
    primaryShade: { light: 7, dark: 5 },
    colors: { kunto },
    defaultRadius: "md",
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif',
    headings: {
      fontWeight: "650",
      sizes: {
        h1: { fontSize: "1.75rem", lineHeight: "1.3" },
        h2: { fontSize: "1.375rem", lineHeight: "1.35" },
        h3: { fontSize: "1.125rem", lineHeight: "1.4" },
      },
    },
    cursorType: "pointer",
    // A visible ring on whatever the keyboard reaches, inputs included (styles.css draws it).
    focusRing: "auto",
    components: {
      Card: { defaultProps: { withBorder: true, radius: "md", padding: "lg" } },
      Modal: {
        defaultProps: {
          size: 660,
          centered: true,
          // Document 1 §9: dialogs are persistent (a click outside keeps typed input).
          closeOnClickOutside: false,
          closeButtonProps: close,
          // Mantine draws the dialog's title bar as <header>: a second page banner to assistive
          // technology (axe landmark-no-duplicate-banner).
          attributes: { header: { role: "presentation" } },
        },
      },
      Drawer: { defaultProps: { closeButtonProps: close } },
      Notification: { defaultProps: { closeButtonProps: close } },
      Menu: {
        defaultProps: {
          // Mantine's focus placeholder is a role=presentation child of role=menu, which a menu
          // may not have (axe aria-required-children); focus goes to the dropdown instead.
          withInitialFocusPlaceholder: false,
          // Rendered beside its button, inside the page's landmarks (a portal at the end of
          // <body> is outside every landmark); fixed positioning keeps it from being clipped
          // by scrolling tables and cards.
          withinPortal: false,
          floatingStrategy: "fixed",
        },
      },
      // Links are told apart from text by more than their colour (WCAG 1.4.1).
      Anchor: { defaultProps: { underline: "always" } },
      // A button keeps its label whole: beside a long title the title wraps, not the button.
      Button: { defaultProps: { radius: "md" }, styles: { root: { flexShrink: 0 } } },
      // Choices with long names (ru, pl) wrap onto two lines on a phone instead of being cut.
      SegmentedControl: { styles: { label: { whiteSpace: "normal", lineHeight: 1.3 } } },
      // Long role names (ru, pl, ee) wrap inside the badge instead of being cut off, between words
      // only: the badge is never narrower than its longest word ("OPPORTU/NITY", issue 19.9), and
      // goes to the next line of its group instead.
      Badge: {
        styles: {
          root: {
            height: "auto",
            minHeight: "var(--badge-height)",
            maxWidth: "100%",
            minWidth: "min-content",
          },
          label: {
            whiteSpace: "normal",
            overflow: "visible",
            overflowWrap: "break-word",
            lineHeight: 1.3,
            paddingBlock: 2,
          },
        },
      },
      Paper: { defaultProps: { radius: "md" } },
    },
  });
}

const contrast = (a: string, b: string) => {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
};

/** `color` darkened just enough to read at 4.5:1 or better on `background` (WCAG 1.4.3). */
function readableOn(color: string, background: string): string {
  for (let amount = 0; amount < 1; amount += 0.05) {
    const candidate = darken(color, amount);
    if (contrast(candidate, background) >= 4.6) return candidate;
  }
  return "#000000";
}

/**
 * Colours that carry text read at least 4.5:1 (WCAG 1.4.3). Mantine's defaults do not: secondary
 * ("dimmed") text is gray.6 (3.2:1 on white), errors red.6 (3.3:1), light badges shade 9 on
 * shade 1 (green 3.8:1) and light buttons hovered shade 9 on shade 2 (red 4.1:1), white on red or
 * green buttons about 3.5:1, menu items in red red.6 (3.3:1; styles.css redraws them).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    "--mantine-color-dimmed": "#5f666e",
    "--mantine-color-error": "var(--mantine-color-red-9)",
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === "dark" || name === "gray" || name === "kunto") continue;
    const text = readableOn(shades[7], "#ffffff");
    const filled = readableOn(shades[7], "#ffffff");
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    // Read on the light background (shade 1) and on its hover (shade 2): light buttons, and the
    // destructive menu items hovered or reached by the keyboard (styles.css, issue 19.10).
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[2]);
    light[`--mantine-color-${name}-outline`] = text;
  }
  return { variables: {}, light, dark: {} };
};
