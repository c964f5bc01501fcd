import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconChecklist } from "@tabler/icons-react";
import { useRouter } from "@tanstack/react-router";

/**
 * The tasks of a category (document 2 §2 "Category report": a category card opens a tasks modal
 * with a button to the tasks screen filtered by that category). Until tasks exist the modal says
 * what will appear in it.
 */
export function CategoryTasksButton({ tenantId, category }: { tenantId: string; category: string }) {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
  const router = useRouter();
  const href = `/t/${tenantId}/tasks?category=${encodeURIComponent(category)}`;
  return (
    <>
      <Button variant="light" size="xs" leftSection={<IconChecklist size={16} aria-hidden />} onClick={open}>
        <Trans>Tasks</Trans>
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t`Tasks of this category`}
        closeButtonProps={{ "aria-label": t`Close` }}
      >
        <Stack gap="md">
          <Text size="sm">
            <Trans>
              The improvement tasks of this category will be listed here, with their status, once tasks have
              been created.
            </Trans>
          </Text>
          <Button
            component="a"
            href={href}
            onClick={(event: React.MouseEvent) => {
              // A plain link (the tasks route is another feature's); navigated in the app without a reload.
              event.preventDefault();
              close();
              void router.navigate({ href });
            }}
          >
            <Trans>Open the tasks screen</Trans>
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
