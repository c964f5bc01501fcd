import { Trans } from "@lingui/react/macro";
import { Loader, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { PublicLayout } from "../../components/public-layout";
import { loadSignInPage } from "../../lib/redirect";
import { useTRPCClient } from "../../lib/trpc";

/** Ends the session on the server, forgets everything cached, and returns to sign-in. */
export function LogoutPage() {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void client.auth.signOut
      .mutate({})
      .catch(() => undefined)
      .then(() => {
        queryClient.clear();
        return loadSignInPage();
      });
  }, [client, queryClient]);
  return (
    <PublicLayout>
      <Stack align="center" py="lg" gap="sm">
        <Loader />
        <Text c="dimmed" size="sm">
          <Trans>Signing out…</Trans>
        </Text>
      </Stack>
    </PublicLayout>
  );
}
