import { Trans } from "@lingui/react/macro";
import { Alert, Button, Center, Group, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconArrowLeft } from "@tabler/icons-react";
import { type ErrorComponentProps, useCanGoBack, useRouter } from "@tanstack/react-router";
import { errorMessage } from "../lib/api-error";
import { MainLandmark } from "./landmarks";
import { PageHeading } from "./page-heading";

export function PendingPage() {
  return (
    <Center py={80} aria-busy="true">
      <Loader />
    </Center>
  );
}

/** Document 1 §2: any unknown path shows a page-not-found page with a go-back button. */
export function NotFoundPage() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const goBack = () => {
    if (canGoBack) router.history.back();
    else void router.navigate({ to: "/" });
  };
  return (
    <MainLandmark>
      <Center py={80} px="md">
        <Stack align="center" gap="md" maw={480} ta="center">
          <Text fz={64} fw={700} c="kunto.6" lh={1} aria-hidden>
            404
          </Text>
          <PageHeading>
            <Trans>Page not found</Trans>
          </PageHeading>
          <Text c="dimmed">
            <Trans>The address may be mistyped, or the page may have been moved or removed.</Trans>
          </Text>
          <Button leftSection={<IconArrowLeft size={18} />} onClick={goBack}>
            <Trans>Go back</Trans>
          </Button>
        </Stack>
      </Center>
    </MainLandmark>
  );
}

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <MainLandmark>
      <Center py={60} px="md">
        <Alert
          maw={560}
          w="100%"
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          title={<Trans>Something went wrong</Trans>}
        >
          <Stack gap="sm">
            <Text size="sm">{errorMessage(error)}</Text>
            <Group>
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => {
                  reset();
                  void router.invalidate();
                }}
              >
                <Trans>Try again</Trans>
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Center>
    </MainLandmark>
  );
}
