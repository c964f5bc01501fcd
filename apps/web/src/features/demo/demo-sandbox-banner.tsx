import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { IconFlask, IconMailOff } from "@tabler/icons-react";
import { useIsMutating, useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef } from "react";
import { formatDateTime } from "../../lib/format";
import { withWholeCatalog } from "../../lib/i18n";
import { useTRPC } from "../../lib/trpc";

// Loaded when opened: the dialog brings Mantine's modal, which the first load does not need.
const HeldMailsDialog = lazy(withWholeCatalog(() => import("./held-mails-dialog")));

/**
 * Shown above every page of a "Try the demo" visitor (issue 6.6): the organisations are their own
 * private copy, gone after 24 hours, and no mail leaves. Mail Kunto would have sent is listed in
 * "Mail in this demo"; each new one is also announced once, right after the action that queued it.
 */
export function DemoSandboxBanner() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const sandbox = useQuery(trpc.demo.sandbox.queryOptions());
  const [opened, { open, close }] = useDisclosure(false);
  const mutating = useIsMutating();
  const { refetch } = sandbox;
  // Any change may have queued a mail: look again once the writes are done.
  const wasMutating = useRef(false);
  useEffect(() => {
    if (mutating > 0) wasMutating.current = true;
    else if (wasMutating.current) {
      wasMutating.current = false;
      void refetch();
    }
  }, [mutating, refetch]);

  const seen = useRef<number | null>(null);
  const mails = sandbox.data?.heldMails;
  useEffect(() => {
    if (!mails) return;
    const newest = mails[0]?.id ?? 0;
    if (seen.current !== null && newest > seen.current) {
      for (const mail of mails.filter((m) => m.id > (seen.current ?? 0)).reverse()) {
        notifications.show({
          color: "blue",
          icon: <IconMailOff size={18} />,
          title: t`Mail not sent in the demo`,
          message: t`To ${mail.to}: ${mail.subject}`,
          // Time to read who the mail was for (not a 2 s snackbar); pointing at it holds it.
          autoClose: 10_000,
          // Mantine greys a titled notification's text below 4.5:1; this one is the news itself.
          styles: { description: { color: "var(--mantine-color-text)" } },
        });
      }
    }
    seen.current = newest;
  }, [mails, t]);

  if (!sandbox.data) return null;
  const { expiresAt, heldMails } = sandbox.data;
  return (
    <>
      <Alert
        color="blue"
        variant="light"
        icon={<IconFlask size={18} />}
        title={t`Your private demo`}
        mb="lg"
        role="region"
        aria-label={t`Your private demo`}
      >
        <Stack gap="xs">
          <Text size="sm">
            <Trans>
              These organisations are your own copy: nobody else sees your changes. The copy is removed on{" "}
              {formatDateTime(expiresAt)}. No e-mail leaves the demo.
            </Trans>
          </Text>
          <Group>
            <Button
              size="xs"
              variant="white"
              leftSection={<IconMailOff size={14} />}
              onClick={open}
              data-demo-mail
            >
              <Trans>Mail in this demo ({heldMails.length})</Trans>
            </Button>
          </Group>
        </Stack>
      </Alert>
      {opened && (
        <Suspense fallback={null}>
          <HeldMailsDialog mails={heldMails} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
