import { LANGUAGES, type Language } from "@kunto/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCheck } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../lib/api-error";
import { activateLanguage, currentLanguage, LANGUAGE_NAMES, markLanguageChosenSignedOut } from "../lib/i18n";
import { useTRPC } from "../lib/trpc";
import { type LoadedMenuProps, useOpenedOnLoad } from "./lazy-menu";

/**
 * Switches the interface language at once; for a signed-in user the choice is also saved to
 * the profile (user.setLanguage), so it follows them to other devices.
 */
function useChangeLanguage() {
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

/** The language menu once opened (loaded by `LanguageMenu` on first use). */
export default function LanguageMenuOpen({ trigger }: LoadedMenuProps) {
  const { t } = useLingui();
  const changeLanguage = useChangeLanguage();
  const active = currentLanguage();
  const { opened, setOpened, target } = useOpenedOnLoad(trigger);
  return (
    <Menu position="bottom-end" shadow="md" opened={opened} onChange={setOpened}>
      <Menu.Target>{target}</Menu.Target>
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
