import type { Language, QuestionType, TemplateIssue } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { fieldErrorMessage } from "../../lib/api-error";
import { changeType, type EditorQuestion, emptyTexts, tempKey } from "./editor-state";
import { useQuestionTypeLabel } from "./template-labels";
import { TextsField } from "./texts-field";

export interface Option {
  value: string;
  label: string;
}

/** One question of the template (document 2 §3-§4): type, group, category, texts, slider or choices. */
export function QuestionCard({
  index,
  count,
  question,
  groups,
  categories,
  language,
  issues,
  showErrors,
  onChange,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  question: EditorQuestion;
  groups: Option[];
  categories: Option[];
  language: Language;
  issues: TemplateIssue[];
  showErrors: boolean;
  onChange: (question: EditorQuestion) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  const typeLabel = useQuestionTypeLabel();
  const errorOf = (field: string) => {
    const issue = showErrors ? issues.find((i) => i.path[2] === field) : undefined;
    return issue ? fieldErrorMessage(issue.key) : null;
  };
  const number = index + 1;
  const isGroup = question.type === "GROUP";
  const heading = isGroup ? t`Question group ${number}` : t`Question ${number}`;
  const set = (patch: Partial<EditorQuestion>) => onChange({ ...question, ...patch });
  const types: Array<{ value: QuestionType; label: string; disabled?: boolean }> = [
    { value: "SLIDER", label: typeLabel("SLIDER") },
    { value: "CHOICE_SINGLE", label: typeLabel("CHOICE_SINGLE") },
    // A group cannot sit inside a group (document 2 §4).
    { value: "GROUP", label: typeLabel("GROUP"), disabled: !!question.group },
  ];
  const numberValue = (value: string | number): number | "" =>
    typeof value === "number" ? value : value === "" || value === "-" ? "" : Number(value);

  return (
    <Card
      withBorder
      padding="md"
      id={`question-${question.key}`}
      data-testid={`question-${index}`}
      ml={question.group ? { base: "xs", sm: "xl" } : 0}
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h5" tabIndex={-1} id={`question-${question.key}-heading`}>
            {heading}
          </Title>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={index === 0}
              onClick={() => onMove(-1)}
              aria-label={t`Move ${heading} up`}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={index === count - 1}
              onClick={() => onMove(1)}
              aria-label={t`Move ${heading} down`}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red.9" onClick={onRemove} aria-label={t`Remove ${heading}`}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: isGroup ? 1 : 3 }} spacing="sm">
          <Select
            label={t`Type`}
            data={types}
            value={question.type}
            allowDeselect={false}
            required
            error={errorOf("type")}
            onChange={(value) => value && onChange(changeType(question, value as QuestionType))}
          />
          {isGroup ? null : (
            <>
              <Select
                label={t`Group`}
                data={[{ value: "", label: t`No group` }, ...groups]}
                value={question.group ?? ""}
                allowDeselect={false}
                error={errorOf("group")}
                onChange={(value) => set({ group: value || null })}
              />
              <Select
                label={t`Category`}
                data={[{ value: "", label: t`No category` }, ...categories]}
                value={question.category ?? ""}
                allowDeselect={false}
                onChange={(value) => set({ category: value || null })}
              />
            </>
          )}
        </SimpleGrid>
        <TextsField
          label={isGroup ? t`Group title` : t`Question`}
          texts={question.title}
          language={language}
          required
          error={errorOf("title")}
          onChange={(title) => set({ title })}
        />
        <TextsField
          label={t`Help text`}
          texts={question.content}
          language={language}
          multiline
          onChange={(content) => set({ content })}
        />
        {question.type === "SLIDER" ? (
          <>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <NumberInput
                label={t`Minimum`}
                value={question.sliderMin}
                allowDecimal={false}
                required
                onChange={(value) => set({ sliderMin: numberValue(value) })}
              />
              <NumberInput
                label={t`Maximum`}
                value={question.sliderMax}
                allowDecimal={false}
                required
                error={errorOf("sliderMax")}
                onChange={(value) => set({ sliderMax: numberValue(value) })}
              />
              <NumberInput
                label={t`Step`}
                value={question.sliderStep}
                allowDecimal={false}
                min={1}
                required
                onChange={(value) => set({ sliderStep: numberValue(value) })}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextsField
                label={t`Label at the minimum`}
                texts={question.sliderMinText}
                language={language}
                onChange={(sliderMinText) => set({ sliderMinText })}
              />
              <TextsField
                label={t`Label at the maximum`}
                texts={question.sliderMaxText}
                language={language}
                onChange={(sliderMaxText) => set({ sliderMaxText })}
              />
            </SimpleGrid>
          </>
        ) : null}
        {question.type === "CHOICE_SINGLE" ? (
          <Stack gap="xs">
            <Text fw={500} size="sm">
              <Trans>Choices</Trans>
            </Text>
            {question.choiceList.map((choice, i) => {
              const choiceNumber = i + 1;
              return (
                <Group key={choice.key} align="flex-end" gap="xs" wrap="nowrap">
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <TextsField
                      label={t`Choice ${choiceNumber}`}
                      texts={choice.name}
                      language={language}
                      required
                      onChange={(name) =>
                        set({ choiceList: question.choiceList.map((c, j) => (j === i ? { ...c, name } : c)) })
                      }
                    />
                  </div>
                  <NumberInput
                    label={t`Value`}
                    w={90}
                    value={choice.value}
                    allowDecimal={false}
                    required
                    onChange={(value) =>
                      set({
                        choiceList: question.choiceList.map((c, j) =>
                          j === i ? { ...c, value: numberValue(value) } : c,
                        ),
                      })
                    }
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    mb={4}
                    aria-label={t`Remove choice ${choiceNumber}`}
                    onClick={() => set({ choiceList: question.choiceList.filter((_, j) => j !== i) })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              );
            })}
            {errorOf("choiceList") ? (
              <Alert color="red" variant="light" p="xs">
                {errorOf("choiceList")}
              </Alert>
            ) : null}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => {
                  const values = question.choiceList.map((c) => (c.value === "" ? 0 : c.value));
                  const value = values.length ? Math.max(...values) + 1 : 0;
                  set({
                    choiceList: [...question.choiceList, { key: tempKey(), name: emptyTexts(), value }],
                  });
                }}
              >
                <Trans>Add choice</Trans>
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
