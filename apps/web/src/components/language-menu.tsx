import { LANGUAGES, type Language } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Button, Menu, VisuallyHidden } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck, IconChevronDown, IconLanguage } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../lib/api-error";
import { activateLanguage, currentLanguage, LANGUAGE_NAMES, markLanguageChosenSignedOut } from "../lib/i18n";
import { useTRPC } from "../lib/trpc";

/**
 * Switches the interface language at once; for a signed-in user the choice is also saved to
 * the profile (user.setLanguage), so it follows them to other devices.
 */
export function useChangeLanguage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.user.setLanguage.mutationOptions());
  return async (language: Language) => {
    await activateLanguage(language);
    const meKey = trpc.user.me.queryKey();
    const me = queryClient.getQueryData(meKey);
    if (!me) {
      markLanguageChosenSignedOut();
      return;
    }
    if (me.language === language) return;
    queryClient.setQueryData(meKey, { ...me, language });
    save.mutate(
      { language },
      {
        onError: (error) => {
          notifications.show({
            color: "red",
            message: errorMessage(error, msg`Saving the language failed.`),
          });
        },
      },
    );
  };
}

export function LanguageMenu() {
  const { t } = useLingui();
  const changeLanguage = useChangeLanguage();
  const active = currentLanguage();
  const activeName = LANGUAGE_NAMES[active];
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t`Language`}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language === "ee" ? "et" : language}
            onClick={() => void changeLanguage(language)}
            rightSection={language === active ? <IconCheck size={14} /> : null}
            aria-current={language === active ? "true" : undefined}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
