import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCopy, IconDots, IconEdit, IconPlayerPlay, IconTrash } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ERROR_MESSAGES, errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import { type TemplateSummary, useRefreshTemplates, useSurveyTypeLabel } from "./template-labels";

/** Edit, duplicate, activate and delete one template (document 2 §2, §7). */
export function TemplateMenu({ template }: { template: TemplateSummary }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const refresh = useRefreshTemplates();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const name = `${useSurveyTypeLabel()(template.type)} ${template.version}`;

  const clone = useMutation(
    trpc.surveyTemplate.clone.mutationOptions({
      onSuccess: async (copy) => {
        notifications.show({ color: "green", message: t`The survey template was duplicated.` });
        await refresh();
        await navigate({ to: "/surveytemplates/$key", params: { key: copy.key } });
      },
      onError: (err) =>
        notifications.show({
          color: "red",
          message: errorMessage(err, ERROR_MESSAGES.error_cloning_surveytemplate),
        }),
    }),
  );
  const activate = useMutation(
    trpc.surveyTemplate.activate.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`New surveys now use this template.` });
        await refresh();
      },
      onError: (err) =>
        notifications.show({
          color: "red",
          message: errorMessage(err, ERROR_MESSAGES.error_activating_surveytemplate),
        }),
    }),
  );
  const remove = useMutation(
    trpc.surveyTemplate.delete.mutationOptions({
      onSuccess: async () => {
        setConfirmDelete(false);
        notifications.show({ color: "green", message: t`The survey template was deleted.` });
        await refresh();
      },
      onError: (err) => {
        setConfirmDelete(false);
        notifications.show({
          color: "red",
          message: errorMessage(err, ERROR_MESSAGES.error_deleting_surveytemplate),
        });
      },
    }),
  );

  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t`Actions for ${name}`}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconEdit size={16} />}
            onClick={() => navigate({ to: "/surveytemplates/$key", params: { key: template.key } })}
          >
            <Trans>Edit</Trans>
          </Menu.Item>
          <Menu.Item
            leftSection={<IconCopy size={16} />}
            disabled={clone.isPending}
            onClick={() => clone.mutate({ key: template.key })}
          >
            <Trans>Duplicate</Trans>
          </Menu.Item>
          <Menu.Item
            leftSection={<IconPlayerPlay size={16} />}
            disabled={template.active || activate.isPending}
            onClick={() => activate.mutate({ key: template.key })}
          >
            <Trans>Activate</Trans>
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red.9"
            leftSection={<IconTrash size={16} />}
            disabled={template.active || template.inUse > 0}
            onClick={() => setConfirmDelete(true)}
          >
            <Trans>Delete</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t`Delete the survey template?`}
        message={t`${name} will be deleted. This cannot be undone.`}
        confirmLabel={t`Delete`}
        danger
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ key: template.key })}
      />
    </>
  );
}
