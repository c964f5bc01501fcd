import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { AnchorLink, ButtonLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import { formatDate } from "../../lib/format";
import { currentLanguage } from "../../lib/i18n";
import { useTRPC } from "../../lib/trpc";
import { type TemplateSummary, useSurveyTypeLabel } from "./template-labels";
import { TemplateMenu } from "./template-menu";

/** Survey templates, platform admins only (document 2 §2): active and non-active sections. */
export function TemplatesPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data: templates } = useSuspenseQuery(trpc.surveyTemplate.list.queryOptions());
  const active = templates.filter((template) => template.active);
  const inactive = templates.filter((template) => !template.active);
  return (
    <Stack gap="lg">
      <PageTitle
        title={t`Survey templates`}
        description={<Trans>New surveys use the active template of their type.</Trans>}
        actions={
          <ButtonLink to="/surveytemplates/new" leftSection={<IconPlus size={16} />}>
            <Trans>Create survey template</Trans>
          </ButtonLink>
        }
      />
      <Section title={t`Active`} templates={active} empty={t`No active survey templates.`} />
      <Section title={t`Not active`} templates={inactive} empty={t`No other survey templates.`} />
    </Stack>
  );
}

function Section({
  title,
  templates,
  empty,
}: {
  title: string;
  templates: TemplateSummary[];
  empty: string;
}) {
  return (
    <section aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {templates.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Stack gap="sm">
          {templates.map((template) => (
            <TemplateCard key={template.key} template={template} />
          ))}
        </Stack>
      )}
    </section>
  );
}

function TemplateCard({ template }: { template: TemplateSummary }) {
  const typeLabel = useSurveyTypeLabel();
  const language = currentLanguage();
  const start = template.start[language] || template.start.en;
  const version = template.version;
  const questions = template.questionCount;
  const surveys = template.inUse;
  return (
    <Card withBorder padding="md" data-testid={`template-${template.key}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <AnchorLink
              to="/surveytemplates/$key"
              params={{ key: template.key }}
              fw={600}
              className="break-anywhere"
            >
              {typeLabel(template.type)} · <Trans>version {version}</Trans>
            </AnchorLink>
            {template.active ? (
              <Badge color="green" variant="light">
                <Trans>Active</Trans>
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" lineClamp={2} className="break-anywhere">
            {start}
          </Text>
          <Text size="xs" c="dimmed">
            <Plural value={questions} one="# question" other="# questions" /> ·{" "}
            <Plural
              value={surveys}
              _0="not used by surveys"
              one="used by # survey"
              other="used by # surveys"
            />{" "}
            · <Trans>created {formatDate(template.createdAt)}</Trans>
          </Text>
        </Stack>
        <TemplateMenu template={template} />
      </Group>
    </Card>
  );
}
