import { Group, Text } from "@mantine/core";

/** The product name as a word mark; no image to load. */
export function Logo({ size = "xl" }: { size?: "lg" | "xl" }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size === "xl" ? 30 : 26} height={size === "xl" ? 30 : 26} viewBox="0 0 32 32" aria-hidden>
        <rect width="32" height="32" rx="7" fill="var(--mantine-color-kunto-7)" />
        <path d="M10 7h3.6v7.6L20 7h4.4l-7 7.7L25 25h-4.5l-5.6-7.6-1.3 1.4V25H10z" fill="#fff" />
      </svg>
      <Text component="span" fz={size} fw={700} c="kunto.8" style={{ letterSpacing: "-0.01em" }}>
        Kunto
      </Text>
    </Group>
  );
}
