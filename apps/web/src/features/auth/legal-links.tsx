import { Trans } from "@lingui/react/macro";
import { Anchor, Group, Text } from "@mantine/core";

/** Terms of service and privacy policy as PDF documents (document 1 §2, dated 2025-02-11). */
export function LegalLinks() {
  return (
    <Group justify="center" gap="lg">
      <Anchor href="/terms.pdf" target="_blank" rel="noopener" size="sm" c="dimmed">
        <Trans>Terms of service</Trans>
      </Anchor>
      <Text c="dimmed" size="sm" aria-hidden>
        ·
      </Text>
      <Anchor href="/privacy.pdf" target="_blank" rel="noopener" size="sm" c="dimmed">
        <Trans>Privacy policy</Trans>
      </Anchor>
    </Group>
  );
}
