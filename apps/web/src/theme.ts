import { createTheme, type MantineColorsTuple } from "@mantine/core";

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

export const theme = createTheme({
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
  components: {
    Card: { defaultProps: { withBorder: true, radius: "md", padding: "lg" } },
    // Document 1 §9: dialogs are 660 wide and persistent (a click outside keeps typed input).
    Modal: { defaultProps: { size: 660, centered: true, closeOnClickOutside: false } },
    Button: { defaultProps: { radius: "md" } },
    Paper: { defaultProps: { radius: "md" } },
  },
});
