import type { SystemRole } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { notifications } from "@mantine/notifications";
import { useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { errorKeyMessage, errorMessage } from "../../lib/api-error";
import type { AdminUser } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";
import { useMe } from "../../lib/use-me";

const ROLES_FAILED = msg`Updating the user roles failed.`;
const STATE_FAILED = msg`Changing the user state failed.`;

/** Keeps the cached list in step with a changed user, so the table does not reload. */
export function useUpdateCachedUser() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (id: string, change: (user: AdminUser) => AdminUser) =>
      queryClient.setQueryData(trpc.admin.users.queryKey(), (users) =>
        users?.map((user) => (user.id === id ? change(user) : user)),
      ),
    [queryClient, trpc],
  );
}

/** Ids of users with a change under way, so their controls wait. */
export function useBusyUserIds(): Set<string> {
  const trpc = useTRPC();
  const ids = useMutationState({
    filters: { status: "pending", mutationKey: trpc.admin.pathKey() },
    select: (mutation) => {
      const variables = mutation.state.variables;
      return variables && typeof variables === "object" && "id" in variables ? String(variables.id) : null;
    },
  });
  return new Set(ids.filter((id): id is string => id !== null));
}

/**
 * Enabling, disabling and role changes of the platform user table (document 1 §4, §5, §8).
 * Each answers with a notification; a failed role change reloads the list.
 */
export function useUserActions() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const updateCached = useUpdateCachedUser();
  const [ownAdminRemoval, setOwnAdminRemoval] = useState<AdminUser | null>(null);

  const replace = (updated: AdminUser) => updateCached(updated.id, () => updated);
  const rolesFailed = (error: unknown) => {
    notifications.show({ color: "red", message: errorMessage(error, ROLES_FAILED) });
    void queryClient.invalidateQueries({ queryKey: trpc.admin.users.queryKey() });
  };
  const rolesUpdated = () => notifications.show({ color: "green", message: t`User roles updated.` });

  const addRole = useMutation(
    trpc.admin.addUserRole.mutationOptions({
      onSuccess: (updated) => {
        replace(updated);
        rolesUpdated();
      },
      onError: rolesFailed,
    }),
  );

  const removeRole = useMutation(
    trpc.admin.removeUserRole.mutationOptions({
      onSuccess: async (updated, { role }) => {
        replace(updated);
        rolesUpdated();
        if (updated.id === me.id && role === "admin") {
          // Without the role this page and its data are no longer for this user.
          setOwnAdminRemoval(null);
          await queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() });
          await navigate({ to: "/", replace: true });
        }
      },
      onError: (error) => {
        setOwnAdminRemoval(null);
        rolesFailed(error);
      },
    }),
  );

  /** The state changes only when the server says it did (document 1 §4). */
  const onStateAnswer =
    (enabled: boolean) =>
    (answer: { result: boolean }, { id }: { id: string }) => {
      if (!answer.result) {
        notifications.show({ color: "red", message: errorKeyMessage("user_state_change_failed") });
        return;
      }
      updateCached(id, (user) => ({ ...user, enabled }));
      notifications.show({
        color: "green",
        message: enabled ? t`User state enabled.` : t`User state disabled.`,
      });
    };
  const stateFailed = (error: unknown) =>
    notifications.show({ color: "red", message: errorMessage(error, STATE_FAILED) });

  const enable = useMutation(
    trpc.admin.enableUser.mutationOptions({ onSuccess: onStateAnswer(true), onError: stateFailed }),
  );
  const disable = useMutation(
    trpc.admin.disableUser.mutationOptions({ onSuccess: onStateAnswer(false), onError: stateFailed }),
  );

  return {
    meId: me.id,

    /** Users cannot enable or disable themselves: a warning instead of a call. */
    setEnabled(user: AdminUser, enabled: boolean) {
      if (user.id === me.id) {
        notifications.show({
          color: "yellow",
          message: errorKeyMessage(enabled ? "you_cannot_enable_yourself" : "you_cannot_disable_yourself"),
        });
        return;
      }
      (enabled ? enable : disable).mutate({ id: user.id });
    },

    addRole(user: AdminUser, role: SystemRole) {
      addRole.mutate({ id: user.id, role });
    },

    /** A user keeps at least one role; taking your own admin role asks first. */
    removeRole(user: AdminUser, role: SystemRole) {
      if (user.roles.length <= 1) {
        notifications.show({ color: "yellow", message: errorKeyMessage("at_least_one_role_required") });
        return;
      }
      if (user.id === me.id && role === "admin") {
        setOwnAdminRemoval(user);
        return;
      }
      removeRole.mutate({ id: user.id, role });
    },

    /** The confirmation before removing your own admin role. */
    ownAdminRemoval: {
      opened: ownAdminRemoval !== null,
      loading: removeRole.isPending,
      onConfirm: () => {
        if (ownAdminRemoval) removeRole.mutate({ id: ownAdminRemoval.id, role: "admin" });
      },
      onClose: () => {
        if (!removeRole.isPending) setOwnAdminRemoval(null);
      },
    },
  };
}

export type UserActions = ReturnType<typeof useUserActions>;
