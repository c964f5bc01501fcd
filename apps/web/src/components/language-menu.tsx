import { useLingui } from "@lingui/react/macro";
import { Button, VisuallyHidden } from "@mantine/core";
import { IconChevronDown, IconLanguage } from "@tabler/icons-react";
import { lazy } from "react";
import { currentLanguage, LANGUAGE_NAMES, withWholeCatalog } from "../lib/i18n";
import { LazyMenu } from "./lazy-menu";

// The menu is outside the first load, and so are its messages (`withWholeCatalog`).
const load = withWholeCatalog(() => import("./language-menu-open"));
const LanguageMenuOpen = lazy(load);

/**
 * The interface language, switched at once; for a signed-in user the choice is also saved to the
 * profile (user.setLanguage), so it follows them to other devices. The menu itself loads on first
 * use (see `LazyMenu`).
 */
export function LanguageMenu() {
  const { t } = useLingui();
  const active = currentLanguage();
  const activeName = LANGUAGE_NAMES[active];
  return (
    <LazyMenu
      Menu={LanguageMenuOpen}
      load={load}
      props={{}}
      trigger={
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={16} />}
          rightSection={<IconChevronDown size={14} />}
        >
          {/* Read as "Language: Suomi"; the code alone is for the eye (and fits a phone). */}
          <span aria-hidden>{active.toUpperCase()}</span>
          <VisuallyHidden>{t`Language: ${activeName}`}</VisuallyHidden>
        </Button>
      }
    />
  );
}
