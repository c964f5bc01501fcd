import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDocumentTitle } from "@mantine/hooks";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import { AnchorLink } from "../../components/links";
import { PageHeading } from "../../components/page-heading";
import { NewPasswordFields, newPasswordRules, passwordErrorFields } from "../../components/password-strength";
import { PublicLayout } from "../../components/public-layout";
import { fieldErrorMessage, isClientError } from "../../lib/api-error";
import { loadSignInPage } from "../../lib/redirect";
import { useTRPC } from "../../lib/trpc";

/**
 * The link from the confirmation e-mail (issue 6.1). Confirming activates only a password the
 * confirmer chose: the one typed at the sign-up that sent this link (typed again here), or a new
 * one (the link proves the mailbox). A resent link has no password of its own: it asks for a new one.
 */
export function ConfirmEmailPage({ token }: { token: string }) {
  const { t } = useLingui();
  useDocumentTitle(`${t`Confirm e-mail`} · Kunto`);
  const trpc = useTRPC();
  const status = useQuery({
    ...trpc.auth.confirmationStatus.queryOptions({ token }),
    enabled: Boolean(token),
    retry: (count, error) => !isClientError(error) && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [choosing, setChoosing] = useState(false);

  const invalid = !token || status.isError || (status.data && !status.data.valid);
  return (
    <PublicLayout>
      <Stack gap="lg" align="stretch">
        <PageHeading size="h2">
          <Trans>Confirm e-mail</Trans>
        </PageHeading>
        {invalid ? (
          <InvalidLink error={status.error} />
        ) : !status.data ? (
          <Stack align="center" py="lg" gap="sm">
            <Loader aria-hidden />
            <Text c="dimmed" size="sm" role="status">
              <Trans>Checking the link…</Trans>
            </Text>
          </Stack>
        ) : status.data.passwordChosen && !choosing ? (
          <ConfirmWithPassword
            token={token}
            email={status.data.email ?? ""}
            onChooseNew={() => setChoosing(true)}
          />
        ) : (
          <ConfirmWithNewPassword
            token={token}
            email={status.data.email ?? ""}
            onUseChosen={status.data.passwordChosen ? () => setChoosing(false) : undefined}
          />
        )}
      </Stack>
    </PublicLayout>
  );
}

/** A long address breaks anywhere rather than push a phone's page sideways. */
const ADDRESS_WRAPS = { overflowWrap: "anywhere" } as const;

function InvalidLink({ error }: { error: unknown }) {
  return (
    <>
      {error ? (
        <FormErrorAlert error={error} />
      ) : (
        <Alert color="red" variant="light" role="alert">
          <Trans>The link is invalid or has expired.</Trans>
        </Alert>
      )}
      <Text size="sm">
        <Trans>
          You can request a new link by signing in with your e-mail address and password, or{" "}
          <AnchorLink to="/signup">sign up again</AnchorLink>.
        </Trans>
      </Text>
      <AnchorLink to="/login" size="sm">
        <Trans>Go to sign in</Trans>
      </AnchorLink>
    </>
  );
}

function useConfirm(formAlert: ReturnType<typeof useFormAlert>) {
  const trpc = useTRPC();
  return useMutation(
    trpc.auth.confirmEmail.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: () => loadSignInPage({ email_confirmed: 1 }),
      onError: formAlert.onError,
    }),
  );
}

function ConfirmWithPassword({
  token,
  email,
  onChooseNew,
}: {
  token: string;
  email: string;
  onChooseNew: () => void;
}) {
  const { t } = useLingui();
  const form = useForm({
    initialValues: { password: "" },
    validate: { password: (value) => (value ? null : fieldErrorMessage("field_required")) },
  });
  const formAlert = useFormAlert(form, { confirmation_password_wrong: "password" });
  const confirm = useConfirm(formAlert);
  return (
    <Stack gap="md">
      <Text size="sm" style={ADDRESS_WRAPS}>
        <Trans>
          To confirm <b>{email}</b>, enter the password you chose when you signed up.
        </Trans>
      </Text>
      <form
        onSubmit={form.onSubmit((values) => confirm.mutate({ token, password: values.password }))}
        noValidate
      >
        <Stack gap="md">
          <FormErrorAlert error={formAlert.error} />
          <PasswordInput
            label={t`Password`}
            autoComplete="current-password"
            required
            autoFocus
            {...form.getInputProps("password")}
          />
          <Button type="submit" fullWidth loading={confirm.isPending}>
            <Trans>Confirm e-mail</Trans>
          </Button>
        </Stack>
      </form>
      <Stack gap={4}>
        <Text size="sm">
          <Trans>
            Did someone else sign up with this address, or have you forgotten the password? The link proves
            the mailbox is yours.
          </Trans>
        </Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={onChooseNew}
          style={{ alignSelf: "flex-start" }}
          data-testid="confirm-choose-new"
        >
          <Trans>Choose a new password instead</Trans>
        </Anchor>
      </Stack>
    </Stack>
  );
}

function ConfirmWithNewPassword({
  token,
  email,
  onUseChosen,
}: {
  token: string;
  email: string;
  onUseChosen?: () => void;
}) {
  const form = useForm({
    initialValues: { newPassword: "", repeat: "" },
    validate: newPasswordRules([email]),
  });
  const formAlert = useFormAlert(form, passwordErrorFields("newPassword"));
  const confirm = useConfirm(formAlert);
  return (
    <Stack gap="md">
      <Text size="sm" style={ADDRESS_WRAPS}>
        <Trans>
          Choose the password for <b>{email}</b>. Confirming ends every earlier session of the account and
          removes any two-factor set-up made before.
        </Trans>
      </Text>
      <form
        onSubmit={form.onSubmit((values) => confirm.mutate({ token, newPassword: values.newPassword }))}
        noValidate
      >
        <Stack gap="md">
          <FormErrorAlert error={formAlert.error} />
          <NewPasswordFields form={form} userInputs={[email]} autoFocus />
          <Button type="submit" fullWidth loading={confirm.isPending}>
            <Trans>Confirm and save the password</Trans>
          </Button>
        </Stack>
      </form>
      {onUseChosen ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={onUseChosen}
          style={{ alignSelf: "flex-start" }}
          data-testid="confirm-use-chosen"
        >
          <Trans>Use the password I chose when signing up</Trans>
        </Anchor>
      ) : null}
    </Stack>
  );
}
