import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Chip, Group } from "@mantine/core";
import { DebouncedSearchInput } from "../../components/search-input";
import { isUserFilter, USER_FILTERS, type UserFilter } from "./user-list";

const FILTER_LABELS: Record<UserFilter, MessageDescriptor> = {
  cloud: msg`Ordinary users`,
  local: msg`Shared users`,
  active: msg`Active`,
  inactive: msg`Inactive`,
};

export interface UserFiltersProps {
  search: string;
  onSearch: (search: string) => void;
  filters: UserFilter[];
  onFilters: (filters: UserFilter[]) => void;
}

/** The search box (every term must match) and the four filter chips (document 1 §5). */
export function UserFilters({ search, onSearch, filters, onFilters }: UserFiltersProps) {
  const { t, i18n } = useLingui();
  return (
    <Group gap="md" align="center">
      <DebouncedSearchInput
        value={search}
        onSearch={onSearch}
        placeholder={t`Search by e-mail, username, organisation or role`}
        w={{ base: "100%", sm: 400 }}
      />
      <Group gap={6} role="group" aria-label={t`Filters`}>
        <Chip.Group multiple value={filters} onChange={(values) => onFilters(values.filter(isUserFilter))}>
          {USER_FILTERS.map((filter) => (
            <Chip key={filter} value={filter} size="sm" variant="light">
              {i18n._(FILTER_LABELS[filter])}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
    </Group>
  );
}
