import { Trans } from "@lingui/react/macro";
import { Alert, Button, Stack, ThemeIcon } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { FormErrorAlert } from "../../components/form-errors";
import { PublicPageHeading } from "../../components/public-layout";
import { BackToSignIn } from "../../components/sign-in-parts";
import { useTRPC } from "../../lib/trpc";

/** Sign-in of a user whose e-mail is not confirmed yet: explain, offer to resend the link. */
export function UnconfirmedView({ email, onBack }: { email: string; onBack?: () => void }) {
  const trpc = useTRPC();
  const resend = useMutation(trpc.auth.resendConfirmation.mutationOptions());
  return (
    <Stack gap="lg">
      <ThemeIcon size={48} radius="xl" variant="light">
        <IconMail size={26} />
      </ThemeIcon>
      <PublicPageHeading
        title={<Trans>Confirm your e-mail address</Trans>}
        description={
          <Trans>
            We have sent a confirmation link to <b>{email}</b>. Open the link in the message to activate your
            account, then sign in.
          </Trans>
        }
      />
      <FormErrorAlert error={resend.error} />
      {resend.isSuccess ? (
        <Alert color="green" variant="light">
          <Trans>A new confirmation link has been sent. Check your inbox and spam folder.</Trans>
        </Alert>
      ) : null}
      <Button variant="light" onClick={() => resend.mutate({ email })} loading={resend.isPending}>
        <Trans>Send the link again</Trans>
      </Button>
      {onBack ? <BackToSignIn onClick={onBack} /> : null}
    </Stack>
  );
}
