import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Loader, Stack, Text } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { FormErrorAlert } from "../../components/form-errors";
import { AnchorLink } from "../../components/links";
import { PageHeading } from "../../components/page-heading";
import { PublicLayout } from "../../components/public-layout";
import { useTRPC } from "../../lib/trpc";

/** The link from the confirmation e-mail: confirm, then go to sign-in with a success note. */
export function ConfirmEmailPage({ token }: { token: string }) {
  const { t } = useLingui();
  useDocumentTitle(`${t`Confirm e-mail`} · Kunto`);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const confirm = useMutation(
    trpc.auth.confirmEmail.mutationOptions({
      onSuccess: () => navigate({ to: "/login", search: { email_confirmed: 1 }, replace: true }),
    }),
  );
  // A token works once; the ref keeps a development double-mount from spending it twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  const failed = !token || confirm.isError;
  return (
    <PublicLayout>
      <Stack gap="lg" align="stretch">
        <PageHeading size="h2">
          <Trans>Confirm e-mail</Trans>
        </PageHeading>
        {failed ? (
          <>
            {token ? (
              <FormErrorAlert error={confirm.error} />
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
        ) : (
          <Stack align="center" py="lg" gap="sm">
            <Loader />
            <Text c="dimmed" size="sm">
              <Trans>Confirming your e-mail address…</Trans>
            </Text>
          </Stack>
        )}
      </Stack>
    </PublicLayout>
  );
}
