import { ZSignInInput } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Anchor, Button, Divider, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPlayerPlay } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { FormErrorAlert, useFormAlert, zodValidator } from "../../components/form-errors";
import { AnchorLink } from "../../components/links";
import { PublicPageHeading } from "../../components/public-layout";
import { LoginInput } from "../../components/sign-in-parts";
import { getErrorKey } from "../../lib/api-error";
import { useTRPC } from "../../lib/trpc";
import type { SignInStatus } from "./login-page";

export interface SignInFormProps {
  initialUsername: string;
  onStatus: (status: SignInStatus, username: string) => void;
  onUnconfirmed: (username: string) => void;
  onForgotPassword: (username: string) => void;
}

export function SignInForm({ initialUsername, onStatus, onUnconfirmed, onForgotPassword }: SignInFormProps) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const form = useForm({
    initialValues: { username: initialUsername, password: "" },
    validate: zodValidator(ZSignInInput),
  });
  const formAlert = useFormAlert(form);
  const signIn = useMutation(
    trpc.auth.signIn.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: (result, input) => onStatus(result.status, input.username),
      onError: (err, input) => {
        if (getErrorKey(err) === "user_not_confirmed")
          return onUnconfirmed(input.username.trim().toLowerCase());
        formAlert.onError(err);
      },
    }),
  );

  // Every visitor gets a private copy of the demo organisations (issue 6.6).
  const tryDemo = useMutation(
    trpc.demo.start.mutationOptions({
      onMutate: formAlert.clear,
      onSuccess: () => onStatus("SIGNED_IN", ""),
      onError: (err) => formAlert.onError(err),
    }),
  );

  return (
    <Stack gap="lg">
      <PublicPageHeading title={<Trans>Sign in</Trans>} description={<Trans>Welcome back to Kunto.</Trans>} />
      <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
        <Stack gap="md">
          <FormErrorAlert error={formAlert.error} />
          <LoginInput autoFocus {...form.getInputProps("username")} />
          <PasswordInput
            label={t`Password`}
            autoComplete="current-password"
            required
            {...form.getInputProps("password")}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onForgotPassword(form.getValues().username)}
            >
              <Trans>Forgot password?</Trans>
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={signIn.isPending}>
            <Trans>Sign in</Trans>
          </Button>
        </Stack>
      </form>
      <Divider label={t`or`} labelPosition="center" />
      <Button
        variant="light"
        fullWidth
        leftSection={<IconPlayerPlay size={16} />}
        onClick={() => tryDemo.mutate({})}
        loading={tryDemo.isPending}
        disabled={signIn.isPending}
      >
        <Trans>Try the demo</Trans>
      </Button>
      <Text size="sm" ta="center">
        <Trans>No account yet?</Trans>{" "}
        <AnchorLink to="/signup" fw={500}>
          <Trans>Sign up</Trans>
        </AnchorLink>
      </Text>
    </Stack>
  );
}
