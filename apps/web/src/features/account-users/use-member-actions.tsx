import type { TenantRole } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { errorKeyMessage, errorMessage, getErrorKey } from "../../lib/api-error";
import type { TenantUser } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { useMe } from "../../lib/use-me";
import { memberName } from "./member-search";

export interface MemberActions {
  /** A role change or removal is under way; role controls wait for it. */
  busy: boolean;
  addRole: (user: TenantUser, role: TenantRole) => void;
  removeRole: (user: TenantUser, role: TenantRole) => void;
  /** Small-screen checkbox: adds or removes the role. */
  toggleRole: (user: TenantUser, role: TenantRole, checked: boolean) => void;
  removeFromAccount: (user: TenantUser) => void;
  /** The confirmation dialogs; render once on the page. */
  dialogs: ReactNode;
}

/**
 * Role changes and removals of account members with the rules of document 1 §4-§6 applied in
 * the client before any call: a member keeps at least one role, the last tenant_admin keeps that
 * role and membership, and taking away one's own admin role is confirmed first. The server
 * enforces the same rules; after a failed role update the list is reloaded.
 */
export function useMemberActions(tenantId: string, users: readonly TenantUser[]): MemberActions {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const [ownAdminRemoval, setOwnAdminRemoval] = useState<TenantUser | null>(null);
  const [removing, setRemoving] = useState<TenantUser | null>(null);

  const usersKey = trpc.tenant.users.queryKey();
  const adminCount = users.filter((u) => u.roles.includes("tenant_admin")).length;
  const isLastAdmin = (user: TenantUser) => user.roles.includes("tenant_admin") && adminCount <= 1;

  const reloadUsers = () => queryClient.invalidateQueries({ queryKey: usersKey });
  const refreshMe = () => queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() });

  /**
   * The signed-in user is no longer an admin of this account: reload `user.me` and go to the
   * account's front page, whose navigation runs the `/t/$tenantId` layout again and so puts the
   * new roles into the router context (the users page itself is for admins only).
   */
  const leaveAdminPages = async () => {
    await refreshMe();
    await navigate({ to: "/t/$tenantId/dashboard", params: { tenantId }, replace: true });
  };

  const warn = (message: string) => notifications.show({ color: "red", message });

  const roleMutationOptions = {
    onSuccess: async (
      { roles }: { roles: string[] },
      { userId, role }: { userId: string; role: TenantRole },
    ) => {
      queryClient.setQueryData(usersKey, (old) => old?.map((u) => (u.id === userId ? { ...u, roles } : u)));
      notifications.show({ color: "green", message: t`User roles updated.` });
      if (userId !== me.id) return;
      if (role === "tenant_admin" && !roles.includes("tenant_admin")) await leaveAdminPages();
      else await refreshMe();
    },
    onError: async (error: unknown) => {
      warn(errorMessage(error, msg`Updating the user roles failed.`));
      if (getErrorKey(error) === "user_no_longer_admin") {
        await leaveAdminPages();
        return;
      }
      await reloadUsers();
    },
  };
  const addRoleMutation = useMutation(trpc.tenant.addRole.mutationOptions(roleMutationOptions));
  const removeRoleMutation = useMutation(
    trpc.tenant.removeRole.mutationOptions({
      ...roleMutationOptions,
      onSettled: () => setOwnAdminRemoval(null),
    }),
  );

  const removeUserMutation = useMutation(
    trpc.tenant.removeUser.mutationOptions({
      onSuccess: async (_data, { id }) => {
        setRemoving(null);
        notifications.show({ color: "green", message: t`The user has been removed from the organisation.` });
        if (id === me.id) {
          // Without a membership the account's pages are closed; back to the account chooser.
          await refreshMe();
          await navigate({ to: "/", replace: true });
          return;
        }
        await reloadUsers();
      },
      onError: async (error) => {
        setRemoving(null);
        warn(errorMessage(error, msg`Removing the user failed.`));
        if (getErrorKey(error) === "user_no_longer_admin") await leaveAdminPages();
        else await reloadUsers();
      },
    }),
  );

  const busy = addRoleMutation.isPending || removeRoleMutation.isPending;

  const addRole = (user: TenantUser, role: TenantRole) => {
    if (busy || user.roles.includes(role)) return;
    addRoleMutation.mutate({ userId: user.id, role });
  };

  const removeRole = (user: TenantUser, role: TenantRole) => {
    if (busy || !user.roles.includes(role)) return;
    if (user.roles.length <= 1) {
      warn(errorKeyMessage("at_least_one_role_required"));
      return;
    }
    if (role === "tenant_admin" && isLastAdmin(user)) {
      warn(errorKeyMessage("disallow_tenant_admin_removal_if_last_memberships"));
      return;
    }
    if (role === "tenant_admin" && user.id === me.id) {
      setOwnAdminRemoval(user);
      return;
    }
    removeRoleMutation.mutate({ userId: user.id, role });
  };

  const toggleRole = (user: TenantUser, role: TenantRole, checked: boolean) =>
    checked ? addRole(user, role) : removeRole(user, role);

  const removeFromAccount = (user: TenantUser) => {
    if (isLastAdmin(user)) {
      warn(errorKeyMessage("disallow_tenant_admin_removal_if_last_memberships"));
      return;
    }
    setRemoving(user);
  };

  const removingName = removing ? memberName(removing) : "";
  const removingSelf = removing?.id === me.id;
  const dialogs = (
    <>
      <ConfirmDialog
        opened={ownAdminRemoval !== null}
        title={t`Remove your own admin role?`}
        message={
          <Text size="sm">
            <Trans>
              You will no longer be an admin of this organisation and can no longer manage its users, roles or
              settings.
            </Trans>
          </Text>
        }
        confirmLabel={t`Remove admin role`}
        danger
        loading={removeRoleMutation.isPending}
        onClose={() => setOwnAdminRemoval(null)}
        onConfirm={() => {
          if (ownAdminRemoval)
            removeRoleMutation.mutate({ userId: ownAdminRemoval.id, role: "tenant_admin" });
        }}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t`Remove from organisation?`}
        message={
          <Text size="sm" className="break-anywhere">
            {removingSelf ? (
              <Trans>You will lose access to this organisation.</Trans>
            ) : (
              <Trans>
                {removingName} will lose access to this organisation. The user itself is not deleted.
              </Trans>
            )}
          </Text>
        }
        confirmLabel={t`Remove from organisation`}
        danger
        loading={removeUserMutation.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) removeUserMutation.mutate({ id: removing.id });
        }}
      />
    </>
  );

  return { busy, addRole, removeRole, toggleRole, removeFromAccount, dialogs };
}
