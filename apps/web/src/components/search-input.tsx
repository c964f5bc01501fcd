import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_WAIT_MS } from "@kunto/core";
import { useLingui } from "@lingui/react/macro";
import { CloseButton, TextInput, type TextInputProps } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";

export interface DebouncedSearchInputProps
  extends Omit<TextInputProps, "value" | "defaultValue" | "onChange"> {
  /** The search in effect (for example from the URL); the field follows it when it changes. */
  value: string;
  /** Called 450 ms after typing stops, at the latest every 5 s while typing (document 1 §5). */
  onSearch: (value: string) => void;
  /**
   * The list finds words that start with what is typed (the term tables of docs/decisions.md
   * "Search at volume"); the field says so under it.
   */
  wordPrefix?: boolean;
}

export function DebouncedSearchInput({
  value,
  onSearch,
  placeholder,
  wordPrefix,
  ...props
}: DebouncedSearchInputProps) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const debounced = useDebouncedCallback(onSearch, {
    delay: SEARCH_DEBOUNCE_MS,
    maxWait: SEARCH_MAX_WAIT_MS,
  });

  useEffect(() => {
    if (!debounced.isPending()) setText(value);
  }, [value, debounced]);

  return (
    <TextInput
      type="search"
      aria-label={t`Search`}
      placeholder={placeholder ?? t`Search`}
      leftSection={<IconSearch size={16} />}
      description={wordPrefix ? t`Finds words that start with what you type` : undefined}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t`Clear search`}
            onClick={() => {
              debounced.cancel();
              setText("");
              onSearch("");
            }}
          />
        ) : null
      }
      {...props}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        debounced(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") debounced.flush();
      }}
    />
  );
}
