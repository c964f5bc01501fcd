import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import {
  IconCreditCard,
  IconDots,
  IconPlayerPause,
  IconPlayerPlay,
  IconSettings,
  IconTrash,
  IconUsers,
} from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ERROR_MESSAGES, errorMessage } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import {
  type AdminTenant,
  canChangeSubscription,
  type TenantDialogKind,
  useRefreshTenants,
} from "./tenant-status";

type Confirm = "deactivate" | "delete" | "delete-final" | null;

/** Users, settings, change subscription, activate / deactivate and delete (document 1 §2). */
export function TenantRowMenu({
  tenant,
  onOpen,
}: {
  tenant: AdminTenant;
  onOpen: (kind: TenantDialogKind, tenant: AdminTenant) => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const refresh = useRefreshTenants();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const name = tenant.name;
  const active = tenant.status === "ACTIVE";

  const setState = useMutation(
    trpc.admin.setTenantPlan.mutationOptions({
      onSuccess: async (updated) => {
        notifications.show({
          color: "green",
          message: updated.status === "ACTIVE" ? t`${name} is active.` : t`${name} is inactive.`,
        });
        await refresh();
        setConfirm(null);
      },
      onError: (err) => {
        setConfirm(null);
        notifications.show({ color: "red", message: errorMessage(err, ERROR_MESSAGES.tenant_update_failed) });
      },
    }),
  );
  const remove = useMutation(
    trpc.admin.deleteTenant.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`${name} has been deleted.` });
        setConfirm(null);
        await refresh();
      },
      onError: (err) => {
        setConfirm(null);
        notifications.show({ color: "red", message: errorMessage(err) });
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
          <Menu.Item leftSection={<IconUsers size={16} />} onClick={() => onOpen("users", tenant)}>
            <Trans>Users</Trans>
          </Menu.Item>
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => onOpen("edit", tenant)}>
            <Trans>Settings</Trans>
          </Menu.Item>
          <Menu.Item
            leftSection={<IconCreditCard size={16} />}
            disabled={!canChangeSubscription(tenant)}
            onClick={() => onOpen("plan", tenant)}
          >
            <Trans>Change subscription</Trans>
          </Menu.Item>
          <Menu.Divider />
          {active ? (
            <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => setConfirm("deactivate")}>
              <Trans>Deactivate</Trans>
            </Menu.Item>
          ) : (
            <Menu.Item
              leftSection={<IconPlayerPlay size={16} />}
              onClick={() => setState.mutate({ id: tenant.id, status: "ACTIVE" })}
            >
              <Trans>Activate</Trans>
            </Menu.Item>
          )}
          <Menu.Item color="red.9" leftSection={<IconTrash size={16} />} onClick={() => setConfirm("delete")}>
            <Trans>Delete</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <ConfirmDialog
        opened={confirm === "deactivate"}
        onClose={() => setConfirm(null)}
        title={t`Deactivate the organisation?`}
        message={t`The users of ${name} can no longer use it until it is activated again.`}
        confirmLabel={t`Deactivate`}
        loading={setState.isPending}
        onConfirm={() => setState.mutate({ id: tenant.id, status: "INACTIVE" })}
      />
      {/* Deleting takes two confirmations: it removes everything the account holds. */}
      <ConfirmDialog
        opened={confirm === "delete"}
        onClose={() => setConfirm(null)}
        title={t`Delete the organisation?`}
        message={t`${name} will be deleted with its surveys, reports, tasks and memberships.`}
        confirmLabel={t`Delete`}
        danger
        onConfirm={() => setConfirm("delete-final")}
      />
      <ConfirmDialog
        opened={confirm === "delete-final"}
        onClose={() => setConfirm(null)}
        title={t`Delete permanently?`}
        message={t`This cannot be undone. Delete ${name} permanently?`}
        confirmLabel={t`Delete permanently`}
        danger
        loading={remove.isPending}
        onConfirm={() => remove.mutate({ id: tenant.id })}
      />
    </>
  );
}
