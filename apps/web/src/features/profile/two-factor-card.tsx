import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Card, Code, CopyButton, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconCopy, IconShieldCheck, IconShieldOff } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormButtons } from "../../components/form-buttons";
import { FormErrorAlert } from "../../components/form-errors";
import { QrCode } from "../../components/qr-code";
import { VERIFICATION_CODE_LENGTH, VerificationCodeInput } from "../../components/verification-code-input";
import { groupInFours } from "../../lib/format";
import type { Me } from "../../lib/session";
import { useTRPC } from "../../lib/trpc";

/** Optional two-step verification with an authenticator app (TOTP). */
export function TwoFactorCard({ me }: { me: Me }) {
  const { t } = useLingui();
  return (
    <Card>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h3">
            <Trans>Two-step verification</Trans>
          </Title>
          {me.mfaEnabled ? (
            <Badge color="green" variant="light" leftSection={<IconShieldCheck size={14} />}>
              {t`On`}
            </Badge>
          ) : (
            <Badge color="gray" variant="light" leftSection={<IconShieldOff size={14} />}>
              {t`Off`}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          <Trans>
            With two-step verification, signing in also asks for a code from an authenticator app on your
            phone. A stolen password alone is then not enough.
          </Trans>
        </Text>
        {me.isDemo ? (
          <Text size="sm">
            <Trans>Not available for the demo account.</Trans>
          </Text>
        ) : me.mfaEnabled ? (
          <DisableTotp />
        ) : (
          <SetUpTotp />
        )}
      </Stack>
    </Card>
  );
}

function useRefreshMe() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.user.me.queryKey() });
}

function SetUpTotp() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const refreshMe = useRefreshMe();
  const [code, setCode] = useState("");
  const setup = useMutation(trpc.auth.totpSetup.mutationOptions());
  const enable = useMutation(
    trpc.auth.totpEnable.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`Two-step verification is on.` });
        setup.reset();
        setCode("");
        await refreshMe();
      },
      onError: () => setCode(""),
    }),
  );

  if (!setup.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormErrorAlert error={setup.error} w="100%" />
        <Button
          variant="light"
          className="button-may-wrap"
          data-testid="totp-set-up"
          onClick={() => setup.mutate({})}
          loading={setup.isPending}
        >
          <Trans>Set up two-step verification</Trans>
        </Button>
      </Stack>
    );
  }

  const { uri, secret } = setup.data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs" align="center" justify="center">
          <QrCode value={uri} label={t`QR code for the authenticator app`} />
        </Stack>
        <Stack gap="xs">
          <Text size="sm">
            <Trans>1. Scan the QR code with your authenticator app, or enter this key by hand:</Trans>
          </Text>
          <Group gap="xs" align="center">
            <Code fz="sm" data-testid="totp-secret">
              {groupInFours(secret)}
            </Code>
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? t`Copied` : t`Copy key`}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" mt="xs">
            <Trans>2. Enter the 6-digit code the app shows:</Trans>
          </Text>
          <VerificationCodeInput
            value={code}
            onChange={setCode}
            onComplete={(value) => enable.mutate({ code: value })}
            disabled={enable.isPending}
          />
        </Stack>
      </SimpleGrid>
      <FormErrorAlert error={enable.error} />
      <FormButtons
        onCancel={() => setup.reset()}
        onSubmit={() => enable.mutate({ code })}
        disabled={code.length !== VERIFICATION_CODE_LENGTH}
        loading={enable.isPending}
        submitLabel={<Trans>Turn on</Trans>}
      />
    </Stack>
  );
}

function DisableTotp() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const refreshMe = useRefreshMe();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const disable = useMutation(
    trpc.auth.totpDisable.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`Two-step verification is off.` });
        setOpen(false);
        setCode("");
        await refreshMe();
      },
      onError: () => setCode(""),
    }),
  );
  if (!open) {
    return (
      <Group>
        <Button variant="default" color="red" onClick={() => setOpen(true)}>
          <Trans>Turn off</Trans>
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Trans>Enter a code from your authenticator app to turn two-step verification off.</Trans>
      </Text>
      <VerificationCodeInput
        autoFocus
        value={code}
        onChange={setCode}
        onComplete={(value) => disable.mutate({ code: value })}
        disabled={disable.isPending}
      />
      <FormErrorAlert error={disable.error} />
      <FormButtons
        onCancel={() => setOpen(false)}
        onSubmit={() => disable.mutate({ code })}
        disabled={code.length !== VERIFICATION_CODE_LENGTH}
        loading={disable.isPending}
        color="red"
        submitLabel={<Trans>Turn off</Trans>}
      />
    </Stack>
  );
}
