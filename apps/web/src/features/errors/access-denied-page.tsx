import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Center, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { IconArrowLeft, IconLock } from "@tabler/icons-react";
import { useCanGoBack, useRouter } from "@tanstack/react-router";
import { ButtonLink } from "../../components/links";
import { PageHeading } from "../../components/page-heading";

/** Document 1 §2: an apology, the restriction, and who can help. */
export function AccessDeniedPage() {
  const { t } = useLingui();
  useDocumentTitle(`${t`Access denied`} · Kunto`);
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <Center py={60}>
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="orange">
          <IconLock size={34} />
        </ThemeIcon>
        <PageHeading>
          <Trans>We're sorry</Trans>
        </PageHeading>
        <Text size="lg">
          <Trans>The page you're trying to access has restricted access.</Trans>
        </Text>
        <Text c="dimmed">
          <Trans>If you think you should have access, please contact your administrator.</Trans>
        </Text>
        <Group>
          {canGoBack ? (
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => router.history.back()}
            >
              <Trans>Go back</Trans>
            </Button>
          ) : null}
          <ButtonLink to="/">
            <Trans>Go to the start page</Trans>
          </ButtonLink>
        </Group>
      </Stack>
    </Center>
  );
}
