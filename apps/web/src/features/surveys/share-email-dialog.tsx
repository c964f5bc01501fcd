import { LANGUAGES, type Language, type Plan, parseEmails, recipientLimit } from "@kunto/core";
import { i18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Checkbox, List, Modal, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormButtons } from "../../components/form-buttons";
import { errorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { currentLanguage, LANGUAGE_NAMES } from "../../lib/i18n";
import { PLAN_LABELS } from "../../lib/labels";
import { useTRPC } from "../../lib/trpc";

interface Share {
  key: string;
  name: string;
  sent: string | null;
}

/**
 * Share by e-mail (document 2 §5): recipients read by the one address parser the teams use too
 * (new lines, commas, semicolons or spaces: a pasted column works; issue 19.11), invalid ones
 * listed, duplicates ignored; each recipient can be left out before sending (§5.14); a language,
 * by default the organisation's (its country's language, else the user's); at most the plan's
 * answerer limit. Paid plans only.
 */
export function ShareEmailDialog({
  share,
  plan,
  paid,
  surveyKey,
  onClose,
}: {
  share: Share | null;
  plan: Plan;
  paid: boolean;
  surveyKey: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal opened={share !== null} onClose={onClose} title={t`Share by e-mail`} size={600}>
      {share ? (
        <ShareEmailForm share={share} plan={plan} paid={paid} surveyKey={surveyKey} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function ShareEmailForm({
  share,
  plan,
  paid,
  surveyKey,
  onClose,
}: {
  share: Share;
  plan: Plan;
  paid: boolean;
  surveyKey: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const { data: organisation } = useQuery(trpc.tenant.current.queryOptions());
  const [chosenLanguage, setLanguage] = useState<Language | null>(null);
  const language = chosenLanguage ?? languageOfCountry(organisation?.country) ?? currentLanguage();
  const [tried, setTried] = useState(false);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const parsed = parseEmails(text);
  const chosen = parsed.emails.filter((email) => !left.has(email));
  const limit = recipientLimit(plan, chosen.length);
  const next = limit.nextPlan ? i18n._(PLAN_LABELS[limit.nextPlan]) : null;
  const send = useMutation(
    trpc.surveyShare.send.mutationOptions({
      onSuccess: async () => {
        notifications.show({ color: "green", message: t`The invitations are on their way.` });
        await queryClient.invalidateQueries({ queryKey: trpc.surveyShare.bySurvey.queryKey({ surveyKey }) });
        onClose();
      },
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );
  const canSend = paid && chosen.length > 0 && !limit.over;

  return (
    <Stack gap="md">
      <Text size="sm">
        <Trans>The link of {share.name} goes to every address.</Trans>
      </Text>
      {!paid ? (
        <Alert color="blue" title={t`Sharing by e-mail is not in your plan`}>
          {next ? t`Upgrade to ${next} to send the survey by e-mail.` : null}
        </Alert>
      ) : null}
      {share.sent ? (
        <Alert color="yellow" title={t`Already sent`}>
          {t`Invitations of this share were sent on ${formatDate(share.sent)}. Sending again mails the addresses again.`}
        </Alert>
      ) : null}
      <Textarea
        label={t`Recipients`}
        description={t`One address per line, or separated by commas, semicolons or spaces. A pasted column works.`}
        autosize
        minRows={3}
        maxRows={10}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={tried && chosen.length === 0 ? t`Add at least one address to send to.` : undefined}
        disabled={!paid}
        data-autofocus
      />
      {parsed.emails.length > 0 ? (
        <Checkbox.Group
          label={t`Send to`}
          value={chosen}
          onChange={(value) => setLeft(new Set(parsed.emails.filter((email) => !value.includes(email))))}
        >
          <Stack gap={4} mt={4} mah={220} style={{ overflowY: "auto" }}>
            {parsed.emails.map((email) => (
              <Checkbox key={email} value={email} label={email} classNames={{ label: "break-anywhere" }} />
            ))}
          </Stack>
        </Checkbox.Group>
      ) : null}
      <Text size="sm" c="dimmed" aria-live="polite">
        {limit.cap === null ? t`${chosen.length} recipients` : t`${chosen.length} of ${limit.cap} recipients`}
      </Text>
      {parsed.invalid.length > 0 ? (
        <Stack gap={4}>
          <Title order={3} size="h6" c="red.9">
            <Trans>Invalid e-mail addresses</Trans>
          </Title>
          <List size="sm">
            {parsed.invalid.slice(0, 20).map((entry) => (
              <List.Item key={entry} className="break-anywhere">
                {entry}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
      {limit.reached ? (
        <Alert color="orange" title={t`Max recipients reached`}>
          {next ? t`Upgrade to ${next} to send to more recipients.` : null}
        </Alert>
      ) : paid && limit.near && next ? (
        <Alert color="yellow" title={t`Close to the recipient limit`}>
          {t`${next} allows more recipients.`}
        </Alert>
      ) : null}
      <Select
        label={t`Language of the invitation`}
        required
        data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
        value={language}
        onChange={(value) => setLanguage(value as Language | null)}
        disabled={!paid}
        allowDeselect={false}
      />
      <FormButtons
        onCancel={onClose}
        loading={send.isPending}
        disabled={!paid || limit.over}
        onSubmit={() => {
          setTried(true);
          if (canSend) send.mutate({ key: share.key, emails: chosen, language });
        }}
        submitLabel={<Trans>Send</Trans>}
      />
    </Stack>
  );
}

/** The organisation's language, from its country where the product speaks it. */
function languageOfCountry(country: string | null | undefined): Language | null {
  const byCountry: Record<string, Language> = { FI: "fi", EE: "ee", PL: "pl", RU: "ru", GB: "en", US: "en" };
  return country ? (byCountry[country] ?? null) : null;
}
