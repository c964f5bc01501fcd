import { LANGUAGES, type Language, type SurveyType } from "@kunto/core";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  NavLink,
  Paper,
  Radio,
  ScrollArea,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { FormInvalidHint } from "../../components/form-errors";
import { AnchorLink } from "../../components/links";
import { PageTitle } from "../../components/page-title";
import { ERROR_MESSAGES, errorMessage, fieldErrorMessage } from "../../lib/api-error";
import { currentLanguage, LANGUAGE_NAMES } from "../../lib/i18n";
import { useTRPC } from "../../lib/trpc";
import {
  type EditorQuestion,
  type EditorTemplate,
  editorIssues,
  fromServer,
  issuesOf,
  missingCategories,
  move,
  newQuestion,
  newTemplate,
  removeQuestion,
  toBody,
} from "./editor-state";
import { type Option, QuestionCard } from "./question-card";
import { type TemplateDetails, useRefreshTemplates, useSurveyTypeLabel } from "./template-labels";
import { TextsField } from "./texts-field";

/**
 * The survey template editor (document 2 §2): basic info and questions tabs, a side panel that
 * scrolls to a question, and a bottom bar with the validation hint and Save. Without a template it
 * creates one; saving a new one (or a new version of one in use) goes to the edit route of its key.
 */
export function TemplateEditor({ template }: { template?: TemplateDetails }) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = useRefreshTemplates();
  const typeLabel = useSurveyTypeLabel();
  const [model, setModel] = useState<EditorTemplate>(() => (template ? fromServer(template) : newTemplate()));
  const [language, setLanguage] = useState<Language>("en");
  const [tab, setTab] = useState<string | null>("basic");
  const [showErrors, setShowErrors] = useState(false);
  const issues = useMemo(() => editorIssues(model), [model]);
  const uiLanguage = currentLanguage();

  const categoriesQuery = useQuery({
    ...trpc.surveyTemplate.categories.queryOptions({ type: model.type ?? "PERSONNEL" }),
    enabled: !!model.type,
  });
  const categories: Option[] = (categoriesQuery.data ?? []).map((c) => ({
    value: c.engineName,
    label: c.name[uiLanguage] || c.name.en,
  }));
  const missing = model.type
    ? missingCategories(
        model,
        categories.map((c) => c.value),
      )
    : [];
  const labelOf = (q: EditorQuestion, index: number) => {
    const title = q.title[language] || q.title.en;
    const number = index + 1;
    return title || (q.type === "GROUP" ? t`Question group ${number}` : t`Question ${number}`);
  };
  const groups: Option[] = model.questions
    .map((q, i) => ({ q, i }))
    .filter(({ q }) => q.type === "GROUP")
    .map(({ q, i }) => ({ value: q.key, label: labelOf(q, i) }));

  const onSaved = async (saved: TemplateDetails) => {
    notifications.show({ color: "green", message: t`Saved` });
    queryClient.setQueryData(trpc.surveyTemplate.get.queryKey({ key: saved.key }), saved);
    await refresh();
    if (saved.key !== template?.key) {
      await navigate({ to: "/surveytemplates/$key", params: { key: saved.key }, replace: !template });
    } else {
      setModel(fromServer(saved));
      setShowErrors(false);
    }
  };
  const onError = (err: unknown) =>
    notifications.show({
      color: "red",
      message: errorMessage(err, ERROR_MESSAGES.error_saving_surveytemplate),
    });
  const create = useMutation(trpc.surveyTemplate.create.mutationOptions({ onSuccess: onSaved, onError }));
  const update = useMutation(trpc.surveyTemplate.update.mutationOptions({ onSuccess: onSaved, onError }));
  const saving = create.isPending || update.isPending;

  const save = () => {
    setShowErrors(true);
    const body = toBody(model);
    if (issues.length > 0 || !body.type) return;
    const input = { ...body, type: body.type };
    if (template) update.mutate({ ...input, key: template.key });
    else create.mutate(input);
  };

  const setQuestions = (questions: EditorQuestion[]) => setModel((m) => ({ ...m, questions }));
  const add = (type: "SLIDER" | "GROUP") => {
    const lastGroup = [...model.questions].reverse().find((q) => q.type === "GROUP" || q.group);
    const group = type === "GROUP" ? null : lastGroup ? (lastGroup.group ?? lastGroup.key) : null;
    const question = newQuestion(type, group);
    setQuestions([...model.questions, question]);
    setTab("questions");
    requestAnimationFrame(() => goTo(question.key));
  };
  const goTo = (key: string) => {
    const element = document.getElementById(`question-${key}`);
    element?.scrollIntoView({ behavior: "smooth", block: "start" });
    document.getElementById(`question-${key}-heading`)?.focus({ preventScroll: true });
  };

  const startError =
    showErrors && issues.some((i) => i.path[0] === "start")
      ? fieldErrorMessage("survey_template_start_required")
      : null;
  const typeError = showErrors && !model.type ? fieldErrorMessage("type_error") : null;
  const version = template?.version ?? 1;
  const surveys = template?.inUse ?? 0;
  const title = template ? t`${typeLabel(template.type)}, version ${version}` : t`New survey template`;

  return (
    <Stack gap="md" pb={90}>
      <AnchorLink to="/surveytemplates" size="sm">
        <Trans>Back to survey templates</Trans>
      </AnchorLink>
      <PageTitle
        title={title}
        description={
          template?.active ? (
            <Badge color="green" variant="light">
              <Trans>Active</Trans>
            </Badge>
          ) : undefined
        }
      />
      {surveys > 0 ? (
        <Alert color="blue" variant="light" icon={<IconAlertTriangle size={18} />}>
          <Plural
            value={surveys}
            one="Used by # survey: saving creates a new version, and the survey keeps this one."
            other="Used by # surveys: saving creates a new version, and the surveys keep this one."
          />
        </Alert>
      ) : null}
      <Group gap="sm" align="center">
        <Text size="sm" fw={500} id="editing-language">
          <Trans>Language of the texts</Trans>
        </Text>
        <SegmentedControl
          aria-labelledby="editing-language"
          size="xs"
          value={language}
          onChange={(value) => setLanguage(value as Language)}
          data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          style={{ maxWidth: "100%", overflowX: "auto" }}
        />
      </Group>

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="basic">
            <Trans>Basic info</Trans>
          </Tabs.Tab>
          <Tabs.Tab value="questions">
            <Trans>Questions</Trans> ({model.questions.length})
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="basic" pt="md">
          <Card withBorder>
            <Stack gap="md">
              <Radio.Group
                label={t`Survey type`}
                required
                value={model.type ?? ""}
                error={typeError}
                onChange={(value) => setModel((m) => ({ ...m, type: value as SurveyType }))}
              >
                <Group mt="xs">
                  {(["PERSONNEL", "MANAGEMENT"] as const).map((type) => (
                    <Radio
                      key={type}
                      value={type}
                      label={typeLabel(type)}
                      // The type of a saved template is fixed (document 2 §4).
                      disabled={!!template && template.type !== type}
                    />
                  ))}
                </Group>
              </Radio.Group>
              <TextsField
                label={t`Start text`}
                texts={model.start}
                language={language}
                multiline
                required
                error={startError}
                onChange={(start) => setModel((m) => ({ ...m, start }))}
              />
              <Checkbox
                label={t`Show the start text as a welcome page`}
                checked={model.welcome}
                onChange={(event) => {
                  const welcome = event.currentTarget.checked;
                  setModel((m) => ({ ...m, welcome }));
                }}
              />
              <Checkbox
                label={t`Move to the next question after an answer (autojump)`}
                checked={model.autojump}
                onChange={(event) => {
                  const autojump = event.currentTarget.checked;
                  setModel((m) => ({ ...m, autojump }));
                }}
              />
            </Stack>
          </Card>
        </Tabs.Panel>

        <Tabs.Panel value="questions" pt="md">
          {missing.length > 0 ? (
            <Alert color="yellow" variant="light" mb="md" title={t`Categories without questions`}>
              <Trans>
                The results need at least one question in each category. No question measures:{" "}
                {missing.map((name) => categories.find((c) => c.value === name)?.label ?? name).join(", ")}
              </Trans>
            </Alert>
          ) : null}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
              <Paper withBorder p="xs" component="nav" aria-label={t`Questions of the template`}>
                <ScrollArea.Autosize mah={{ base: 240, md: "70vh" }}>
                  {model.questions.length === 0 ? (
                    <Text size="sm" c="dimmed" p="xs">
                      <Trans>No questions yet.</Trans>
                    </Text>
                  ) : (
                    model.questions.map((q, i) => (
                      <NavLink
                        key={q.key}
                        component="button"
                        type="button"
                        label={labelOf(q, i)}
                        fw={q.type === "GROUP" ? 700 : undefined}
                        pl={q.group ? "lg" : "xs"}
                        color={issuesOf(issues, i).length > 0 && showErrors ? "red" : undefined}
                        active={showErrors && issuesOf(issues, i).length > 0}
                        onClick={() => goTo(q.key)}
                        styles={{ label: { overflowWrap: "anywhere" } }}
                      />
                    ))
                  )}
                </ScrollArea.Autosize>
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
              <Stack gap="sm">
                {model.questions.map((q, i) => (
                  <QuestionCard
                    key={q.key}
                    index={i}
                    count={model.questions.length}
                    question={q}
                    groups={groups}
                    categories={categories}
                    language={language}
                    issues={issuesOf(issues, i)}
                    showErrors={showErrors}
                    onChange={(next) => setQuestions(model.questions.map((x, j) => (j === i ? next : x)))}
                    onMove={(by) => setQuestions(move(model.questions, i, by))}
                    onRemove={() => setQuestions(removeQuestion(model.questions, i))}
                  />
                ))}
                <Group gap="sm">
                  <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => add("SLIDER")}>
                    <Trans>Add question</Trans>
                  </Button>
                  <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => add("GROUP")}>
                    <Trans>Add question group</Trans>
                  </Button>
                </Group>
              </Stack>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
      </Tabs>

      <Box
        pos="fixed"
        bottom={0}
        right={0}
        left="var(--app-shell-navbar-offset, 0px)"
        p="sm"
        bg="var(--mantine-color-body)"
        style={{ borderTop: "1px solid var(--mantine-color-default-border)", zIndex: 150 }}
      >
        <Group justify="flex-end" gap="sm" wrap="nowrap">
          {/* §5: after a refused save, until the template is valid or saved. */}
          <FormInvalidHint shown={showErrors && issues.length > 0}>
            <Plural value={issues.length} one="# validation error" other="# validation errors" />
            {" · "}
            <Trans>Check that you have filled in all required fields.</Trans>
          </FormInvalidHint>
          <Button onClick={save} loading={saving}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Box>
    </Stack>
  );
}
