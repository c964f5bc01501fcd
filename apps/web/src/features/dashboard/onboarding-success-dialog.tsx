import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Modal, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconConfetti } from "@tabler/icons-react";

/**
 * Shown after a completed onboarding (document 2 §2); closing it reloads the menu's counts. The
 * dashboard loads it only then, with Mantine's modal.
 */
export default function OnboardingSuccessDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal
      opened
      onClose={onClose}
      title={t`Your organisation is set up`}
      closeButtonProps={{ "aria-label": t`Close` }}
    >
      <Stack gap="md" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color="green" variant="light">
          <IconConfetti size={32} aria-hidden="true" />
        </ThemeIcon>
        <Text>
          <Trans>
            Your teams and surveys are ready. Share the survey links with your people; the results appear on
            this dashboard as soon as enough answers have come in.
          </Trans>
        </Text>
        <Group>
          <Button onClick={onClose} data-autofocus>
            <Trans>Go to the dashboard</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
