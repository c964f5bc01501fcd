import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Modal } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconChecklist } from "@tabler/icons-react";
import { CategoryTasksList } from "../tasks/category-tasks-list";

/**
 * The tasks of a category (document 2 §2 "Category report": a category card opens a tasks modal
 * listing that category's tasks, with a button to the tasks screen filtered by that category).
 */
export function CategoryTasksButton({ tenantId, category }: { tenantId: string; category: string }) {
  const { t } = useLingui();
  const [opened, { open, close }] = useDisclosure(false);
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
        {opened ? <CategoryTasksList tenantId={tenantId} category={category} /> : null}
      </Modal>
    </>
  );
}
