import { NO_ASSIGNEE, taskYears } from "@kunto/core";
import { useLingui } from "@lingui/react/macro";
import { Card, Checkbox, Group, MultiSelect, type MultiSelectProps, SimpleGrid } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";
import { type BoardSearch, type Task, teamOptions } from "./task-model";

/**
 * The board's filters (document 3 §2), every one in the URL. An empty choice reads "All". The Team
 * filter lists the organisation's teams; a member who may not read them (no survey.read, the basic
 * role) or whose request is refused gets the teams the tasks name (issue 18.7).
 */
export function BoardFilters({
  tasks,
  search,
  categories,
  categoryOptions,
  canReadTeams,
  onChange,
}: {
  tasks: readonly Task[];
  search: BoardSearch;
  /** The category filter's value: the URL's, or the route parameter's. */
  categories: string[];
  categoryOptions: Array<{ value: string; label: string }>;
  canReadTeams: boolean;
  onChange: (patch: Partial<BoardSearch>) => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const orgTeams = useQuery({ ...trpc.team.lite.queryOptions(), enabled: canReadTeams, retry: false });
  const people = new Map<string, string>();
  for (const task of tasks)
    if (task.userInCharge)
      people.set(
        task.userInCharge.id,
        [task.userInCharge.firstName, task.userInCharge.lastName].filter(Boolean).join(" ") ||
          task.userInCharge.email ||
          task.userInCharge.id,
      );
  const years = taskYears(
    new Date().getFullYear(),
    tasks.map((task) => task.year),
  );
  const common: Partial<MultiSelectProps> = {
    placeholder: t`All`,
    comboboxProps: { withinPortal: false },
    clearable: true,
  };
  // The placeholder only shows while nothing is chosen: a chosen value hides it.
  const shown = (value: string[]) => (value.length ? { ...common, placeholder: undefined } : common);
  const assignees = search.assignees ?? [];
  const chosenYears = search.years ?? [];
  const teams = search.teams ?? [];
  return (
    <Card withBorder padding="sm" radius="md" component="section" aria-label={t`Filters`}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <MultiSelect
          {...shown(assignees)}
          label={t`Person in charge`}
          value={assignees}
          onChange={(v) => onChange({ assignees: v.length ? v : undefined })}
          data={[
            { value: NO_ASSIGNEE, label: t`No one in charge` },
            ...[...people].map(([value, label]) => ({ value, label })),
          ]}
        />
        <MultiSelect
          {...shown(chosenYears)}
          label={t`Year`}
          value={chosenYears}
          onChange={(v) => onChange({ years: v.length ? v : undefined })}
          data={years.map(String)}
        />
        <MultiSelect
          {...shown(categories)}
          label={t`Category`}
          value={categories}
          onChange={(v) => onChange({ categories: v.length ? v : [] })}
          data={categoryOptions}
        />
        <MultiSelect
          {...shown(teams)}
          label={t`Team`}
          value={teams}
          onChange={(v) => onChange({ teams: v.length ? v : undefined })}
          data={teamOptions(orgTeams.isError ? undefined : orgTeams.data, tasks)}
          nothingFoundMessage={t`No teams`}
        />
      </SimpleGrid>
      <Group gap="lg" mt="sm">
        <Checkbox
          label={t`Has votes`}
          checked={search.hasVotes ?? false}
          onChange={(e) => onChange({ hasVotes: e.currentTarget.checked || undefined })}
        />
        <Checkbox
          label={t`Hide done`}
          checked={search.hideDone ?? false}
          onChange={(e) => onChange({ hideDone: e.currentTarget.checked || undefined })}
        />
        <Checkbox
          label={t`Only mine`}
          checked={search.own ?? false}
          onChange={(e) => onChange({ own: e.currentTarget.checked || undefined })}
        />
      </Group>
    </Card>
  );
}
