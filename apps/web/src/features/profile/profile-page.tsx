import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Card, Flex, Group, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconKey, IconLogout, IconPencil } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { breakableLogin } from "../../components/email-text";
import { FormErrorAlert } from "../../components/form-errors";
import { PageTitle } from "../../components/page-title";
import { RoleBadges } from "../../components/role-badges";
import { UserAvatar } from "../../components/user-avatar";
import { displayName, isPlatformAdmin, type Me, tenantOf } from "../../lib/session";
import { getTenantId } from "../../lib/tenant";
import { useTRPC } from "../../lib/trpc";
import { useMe } from "../../lib/use-me";
import { MyInvitations } from "../invitations/my-invitations";
import { AvatarUpload } from "./avatar-upload";
import { ChangePasswordDialog } from "./change-password-dialog";
import { EditProfileDialog } from "./edit-profile-dialog";
import { EmailSubscriptionsCard } from "./email-subscriptions-card";
import { TwoFactorCard } from "./two-factor-card";

/** The user's own profile (document 1 §2, /me). */
export function ProfilePage() {
  const { t } = useLingui();
  const me = useMe();
  const tenant = tenantOf(me, getTenantId());
  const [editOpened, edit] = useDisclosure(false);
  const [passwordOpened, password] = useDisclosure(false);
  // The demo account's profile is read-only (document 1 §6); the server refuses it too.
  const editable = !me.isDemo;

  return (
    <Stack gap="lg">
      <PageTitle title={t`Profile`} />
      <Card>
        {/* Picture above the details on a phone, beside them from `xs` up. */}
        <Flex
          direction={{ base: "column", xs: "row" }}
          align={{ base: "stretch", xs: "flex-start" }}
          gap="lg"
        >
          <Stack align="center" gap={6}>
            <UserAvatar user={me} size={68} />
            {editable ? <AvatarUpload /> : null}
          </Stack>
          <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} className="break-anywhere">
              {displayName(me)}
            </Title>
            <Text c="dimmed" className="break-anywhere">
              {breakableLogin(me.email ?? me.username)}
            </Text>
            {me.phone ? <Text size="sm">{me.phone}</Text> : null}
            {isPlatformAdmin(me) ? <RoleBadges roles={["admin"]} /> : null}
            {editable ? (
              <Group gap="sm" mt="sm">
                <Button variant="light" leftSection={<IconPencil size={16} />} onClick={edit.open}>
                  <Trans>Edit profile</Trans>
                </Button>
                <Button variant="default" leftSection={<IconKey size={16} />} onClick={password.open}>
                  <Trans>Change password</Trans>
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed" mt="sm">
                <Trans>This is the demo account. Its profile cannot be changed.</Trans>
              </Text>
            )}
          </Stack>
        </Flex>
      </Card>

      <MyInvitations />

      <AccountRolesCard me={me} />

      <TwoFactorCard me={me} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {tenant?.permissions.has("tenant.subscriptions.manage") ? (
          <EmailSubscriptionsCard tenant={tenant} />
        ) : null}
        {/* Everyone trying the demo shares its user: one visitor must not sign out the others. */}
        {me.isDemo ? null : <SessionsCard />}
      </SimpleGrid>

      {editable ? (
        <>
          <EditProfileDialog me={me} opened={editOpened} onClose={edit.close} />
          <ChangePasswordDialog me={me} opened={passwordOpened} onClose={password.close} />
        </>
      ) : null}
    </Stack>
  );
}

function AccountRolesCard({ me }: { me: Me }) {
  return (
    <Card>
      <Stack gap="sm">
        <Title order={2} size="h3">
          <Trans>Organisations and roles</Trans>
        </Title>
        {me.tenantRoles.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>You are not a member of any organisation yet.</Trans>
          </Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {me.tenantRoles.map((membership) => (
                <Table.Tr key={membership.id}>
                  <Table.Td className="break-anywhere" fw={500}>
                    {membership.name}
                  </Table.Td>
                  <Table.Td>
                    <RoleBadges roles={membership.roleSet} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

function SessionsCard() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [confirmOpened, confirm] = useDisclosure(false);
  const signOutEverywhere = useMutation(
    trpc.auth.signOutEverywhere.mutationOptions({
      // The session is gone; /logout forgets the cached data and returns to sign-in.
      onSuccess: () => navigate({ to: "/logout", replace: true }),
    }),
  );
  return (
    <Card>
      <Stack gap="md">
        <Title order={2} size="h3">
          <Trans>Sessions</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Signed in on a shared or lost device? Sign out everywhere, including here.</Trans>
        </Text>
        <FormErrorAlert error={signOutEverywhere.error} />
        <Group>
          <Button
            variant="default"
            color="red"
            className="button-may-wrap"
            leftSection={<IconLogout size={16} />}
            onClick={confirm.open}
          >
            <Trans>Sign out everywhere</Trans>
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmOpened}
        onClose={confirm.close}
        title={t`Sign out everywhere?`}
        message={t`All your sessions end, on every device, including this one.`}
        confirmLabel={t`Sign out everywhere`}
        danger
        loading={signOutEverywhere.isPending}
        onConfirm={() => signOutEverywhere.mutate({})}
      />
    </Card>
  );
}
