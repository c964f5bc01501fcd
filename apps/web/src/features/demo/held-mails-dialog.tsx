import { Trans, useLingui } from "@lingui/react/macro";
import { Modal, Stack, Text } from "@mantine/core";
import { breakableLogin } from "../../components/email-text";
import { formatDateTime } from "../../lib/format";
import type { DemoSandbox } from "../../lib/session";

type HeldMail = DemoSandbox["heldMails"][number];

/** "Mail in this demo" (issue 6.6): the mails Kunto kept instead of sending, newest first. */
export default function HeldMailsDialog({ mails, onClose }: { mails: HeldMail[]; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal opened onClose={onClose} title={t`Mail in this demo`} size="lg">
      <HeldMailList mails={mails} />
    </Modal>
  );
}

function HeldMailList({ mails }: { mails: HeldMail[] }) {
  if (mails.length === 0)
    return (
      <Text size="sm">
        <Trans>
          No mail yet. Mail Kunto would send, for example to a person you add, is listed here instead of being
          sent.
        </Trans>
      </Text>
    );
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Trans>Kunto kept these mails: they were not sent in the demo.</Trans>
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }}>
        {mails.map((mail) => (
          <li key={mail.id}>
            <Stack
              gap={2}
              p="xs"
              style={{ border: "1px solid var(--mantine-color-gray-3)", borderRadius: 8 }}
            >
              <Text size="sm" fw={600} className="break-anywhere">
                {mail.subject}
              </Text>
              <Text size="sm" className="break-anywhere">
                <Trans>To {breakableLogin(mail.to)}</Trans>
              </Text>
              <Text size="xs" c="dimmed">
                <Trans>Not sent · {formatDateTime(mail.createdAt)}</Trans>
              </Text>
            </Stack>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
