import { Trans, useLingui } from "@lingui/react/macro";
import { Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useId } from "react";
import { TaskCard } from "./task-card";
import { type Column, splitColumns, type Task } from "./task-model";

interface ColumnProps {
  columnName: (key: string) => string;
  canEdit: boolean;
  /** A free plan: the add buttons show disabled, with the reason (document 3 §2). */
  free: boolean;
  onAdd: (category: string | null) => void;
  onEdit: (task: Task) => void;
}

/**
 * The board's columns in two groups, each under its own heading: the improvement areas (one column
 * per top-level category) and the help with the surveys (the two help types), so a help column is
 * never read as an improvement area (issue 18.7).
 */
export function BoardColumns({ columns, ...props }: ColumnProps & { columns: readonly Column[] }) {
  const { t } = useLingui();
  const { areas, help } = splitColumns(columns);
  return (
    <>
      <ColumnGroup title={t`Improvement areas`} columns={areas} {...props} />
      <ColumnGroup title={t`Help with the surveys`} columns={help} testId="help-columns" {...props} />
    </>
  );
}

function ColumnGroup({
  title,
  columns,
  testId,
  ...props
}: ColumnProps & { title: string; columns: readonly Column[]; testId?: string }) {
  const id = useId();
  if (columns.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id} data-testid={testId}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
        {columns.map((column) => (
          <BoardColumn key={column.key} column={column} {...props} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function BoardColumn({ column, columnName, canEdit, free, onAdd, onEdit }: ColumnProps & { column: Column }) {
  const { t } = useLingui();
  const name = columnName(column.key);
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      component="section"
      aria-label={name}
      bg="gray.0"
      data-testid={`column-${column.key}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" className="break-anywhere">
            {name}
          </Title>
          {canEdit ? (
            <AddButton
              label={t`Add a task to ${name}`}
              free={free}
              onClick={() => onAdd(column.category ? column.key : null)}
            />
          ) : null}
        </Group>
        {column.tasks.length === 0 ? (
          // No progress for a column without tasks: "0 % done" in red would blame nobody's work.
          <Text size="sm">
            <Trans>No tasks</Trans>
          </Text>
        ) : (
          <>
            <Group gap="xs" wrap="nowrap">
              <Progress value={column.percent} color={column.color} style={{ flex: 1 }} aria-hidden />
              <Badge variant="light" color={column.color}>
                <Trans>{column.percent} % done</Trans>
              </Badge>
            </Group>
            {column.tasks.map((task) => (
              <TaskCard
                key={task.id}
                task={task}
                canEdit={canEdit}
                locked={free && task.staticTaskId === null}
                onEdit={() => onEdit(task)}
              />
            ))}
          </>
        )}
      </Stack>
    </Card>
  );
}

function AddButton({ label, free, onClick }: { label: string; free: boolean; onClick: () => void }) {
  const { t } = useLingui();
  const button = (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPlus size={14} />}
      disabled={free}
      onClick={onClick}
      aria-label={label}
    >
      <Trans>Add</Trans>
    </Button>
  );
  return free ? (
    <Tooltip label={t`Own tasks need the PRO plan`} withinPortal={false}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}
