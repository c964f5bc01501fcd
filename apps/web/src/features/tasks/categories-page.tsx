import { type CATEGORY_TYPES, MAX_CATEGORY_LEVEL } from "@kunto/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Table, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus } from "@tabler/icons-react";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageTitle } from "../../components/page-title";
import { DebouncedSearchInput } from "../../components/search-input";
import { errorMessage } from "../../lib/api-error";
import { matchesTerms, searchTerms } from "../../lib/search";
import { useTRPC } from "../../lib/trpc";
import { ContentTextsFields, EMPTY_TEXTS, type Texts } from "./content-texts-fields";
import { type Category, textIn } from "./task-model";

/** Categories (document 3 §2): a tree indented by level, search, create, edit and delete. */
export function CategoriesPage() {
  const { t } = useLingui();
  const trpc = useTRPC();
  const { data: categories } = useSuspenseQuery(trpc.category.list.queryOptions());
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<Category | "new" | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.category.delete.mutationOptions({
      onSuccess: () => {
        setDeleting(null);
        return queryClient.invalidateQueries({ queryKey: trpc.category.pathKey() });
      },
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    }),
  );
  const terms = searchTerms(search);
  // Tree order: each category followed by its children, by order.
  const ordered: Category[] = [];
  const walk = (parent: string | null) => {
    for (const c of categories.filter((x) => x.parentCategoryId === parent)) {
      ordered.push(c);
      walk(c.id);
    }
  };
  walk(null);
  const rows = ordered.filter((c) => matchesTerms(terms, [c.engineName, ...Object.values(c.name)]));
  return (
    <Stack gap="md">
      <PageTitle
        title={t`Categories`}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>
            <Trans>New category</Trans>
          </Button>
        }
      />
      <DebouncedSearchInput value={search} onSearch={setSearch} label={t`Search categories`} />
      <Table.ScrollContainer minWidth={320}>
        <Table highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Name</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Actions</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td style={{ paddingLeft: `calc(${c.level - 1} * 1.5rem + 0.5rem)` }}>
                  <Text size="sm" fw={c.level === 1 ? 700 : 400} className="break-anywhere">
                    {textIn(c.name)}
                  </Text>
                  {/* The engine name under the name: two columns fit a phone. */}
                  <Text size="xs" c="dimmed" ff="monospace" className="break-anywhere">
                    <Trans>Engine name</Trans>: {c.engineName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="wrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditing(c)}
                      aria-label={t`Edit ${textIn(c.name)}`}
                    >
                      <Trans>Edit</Trans>
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(c)}
                      aria-label={t`Delete ${textIn(c.name)}`}
                    >
                      <Trans>Delete</Trans>
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {editing ? (
        <CategoryDialog
          category={editing === "new" ? null : editing}
          categories={categories}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={<Trans>Delete category</Trans>}
        message={deleting ? t`Delete the category "${textIn(deleting.name)}"?` : ""}
        confirmLabel={<Trans>Delete</Trans>}
        danger
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

function CategoryDialog({
  category,
  categories,
  onClose,
}: {
  category: Category | null;
  categories: readonly Category[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [engineName, setEngineName] = useState(category?.engineName ?? "");
  const [parent, setParent] = useState<string | null>(category?.parentCategoryId ?? null);
  const [types, setTypes] = useState<string[]>(category?.type ?? []);
  const [name, setName] = useState<Texts>(category?.name ?? EMPTY_TEXTS);
  const [description, setDescription] = useState<Texts>(category?.description ?? EMPTY_TEXTS);
  const [invalid, setInvalid] = useState(false);
  const options = {
    onSuccess: () => {
      notifications.show({ color: "green", message: t`Category saved` });
      void queryClient.invalidateQueries({ queryKey: trpc.category.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.task.categories.queryKey() });
      onClose();
    },
    onError: (error: unknown) => notifications.show({ color: "red", message: errorMessage(error) }),
  };
  const create = useMutation(trpc.category.create.mutationOptions(options));
  const update = useMutation(trpc.category.update.mutationOptions(options));
  // Parents: any other category of level 1-2 (a child may be at most level 3).
  const parents = categories
    .filter((c) => c.id !== category?.id && c.level < MAX_CATEGORY_LEVEL)
    .map((c) => ({ value: c.id, label: `${"— ".repeat(c.level - 1)}${textIn(c.name)}` }));
  const save = () => {
    // Only the engine name is required (document 3 §5): a name left empty is the engine name.
    if (!engineName.trim()) {
      setInvalid(true);
      return;
    }
    const body = {
      engineName: engineName.trim(),
      parentCategoryId: parent,
      types: types as Array<(typeof CATEGORY_TYPES)[number]>,
      name: { ...name, en: name.en.trim() || engineName.trim() },
      description: { ...description, en: description.en },
    };
    if (category) update.mutate({ id: category.id, ...body });
    else create.mutate(body);
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={category ? t`Edit category` : t`New category`}
      size={660}
      closeButtonProps={{ "aria-label": t`Close` }}
    >
      <Stack gap="sm">
        {invalid ? (
          <Alert color="red" variant="light">
            <Trans>Check that you have filled in all required fields.</Trans>
          </Alert>
        ) : null}
        <TextInput
          label={t`Engine name`}
          required
          value={engineName}
          onChange={(e) => setEngineName(e.currentTarget.value)}
          description={t`Lower-case letters, digits and underscores; survey questions refer to it.`}
          error={invalid && !engineName.trim() ? t`The engine name is required.` : undefined}
          data-autofocus
        />
        <Select
          label={t`Parent category`}
          clearable
          searchable
          value={parent}
          onChange={setParent}
          data={parents}
          comboboxProps={{ withinPortal: false }}
        />
        <Checkbox.Group label={t`Survey types`} value={types} onChange={setTypes}>
          <Group mt={4}>
            <Checkbox value="PERSONNEL" label={t`Personnel`} />
            <Checkbox value="MANAGEMENT" label={t`Management`} />
          </Group>
        </Checkbox.Group>
        <ContentTextsFields legend={t`Name`} texts={name} onChange={setName} />
        <ContentTextsFields legend={t`Description`} texts={description} onChange={setDescription} multiline />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button onClick={save} loading={create.isPending || update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
