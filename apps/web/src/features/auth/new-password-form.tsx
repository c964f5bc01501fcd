import { Trans } from "@lingui/react/macro";
import { Button, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { FormErrorAlert, useFormAlert } from "../../components/form-errors";
import { NewPasswordFields, newPasswordRules, passwordErrorFields } from "../../components/password-strength";
import { PublicPageHeading } from "../../components/public-layout";
import { BackToSignIn } from "../../components/sign-in-parts";
import { useTRPC } from "../../lib/trpc";

/** Required-new-password challenge: users created with a temporary password choose their own. */
export function NewPasswordForm({
  username,
  onDone,
  onCancel,
}: {
  username: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const form = useForm({
    initialValues: { newPassword: "", repeat: "" },
    validate: newPasswordRules([username]),
  });
  const formAlert = useFormAlert(form, passwordErrorFields("newPassword"));
  const complete = useMutation(
    trpc.auth.completeNewPassword.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: onDone,
      onError: formAlert.onError,
    }),
  );

  return (
    <Stack gap="lg">
      <PublicPageHeading
        title={<Trans>Choose a new password</Trans>}
        description={
          <Trans>Your account has a temporary password. Choose your own password to continue.</Trans>
        }
      />
      <form
        onSubmit={form.onSubmit((values) => complete.mutate({ newPassword: values.newPassword }))}
        noValidate
      >
        <Stack gap="md">
          <FormErrorAlert error={formAlert.error} />
          <NewPasswordFields form={form} userInputs={[username]} autoFocus />
          <Button type="submit" fullWidth loading={complete.isPending}>
            <Trans>Save and continue</Trans>
          </Button>
        </Stack>
      </form>
      <BackToSignIn onClick={onCancel} />
    </Stack>
  );
}
