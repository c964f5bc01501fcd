import { Trans, useLingui } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import {
  IconBuilding,
  IconCategory,
  IconClipboardList,
  IconHistory,
  IconLanguage,
  IconListCheck,
  IconSpeakerphone,
  IconUsersGroup,
} from "@tabler/icons-react";
import { NavLinkItem } from "./links";

/** The platform administration menu (platform admins only; loaded apart from the first load). */
export default function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Platform administration`}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" mb={6}>
        <Trans>Platform administration</Trans>
      </Text>
      <NavLinkItem
        to="/users"
        label={<Trans>Users</Trans>}
        leftSection={<IconUsersGroup size={18} />}
        onClick={onNavigate}
      />
      <NavLinkItem
        to="/tenants"
        label={<Trans>Organisations</Trans>}
        leftSection={<IconBuilding size={18} />}
        onClick={onNavigate}
      />
      <NavLinkItem
        to="/surveytemplates"
        label={<Trans>Survey templates</Trans>}
        leftSection={<IconClipboardList size={18} />}
        onClick={onNavigate}
      />
      <NavLinkItem
        to="/categories"
        label={<Trans>Categories</Trans>}
        leftSection={<IconCategory size={18} />}
        onClick={onNavigate}
      />
      <NavLinkItem
        to="/tasksmanagement"
        label={<Trans>Suggested tasks</Trans>}
        leftSection={<IconListCheck size={18} />}
        onClick={onNavigate}
      />
      <NavLinkItem
        to="/adminmessagecenter"
        label={<Trans>Message center</Trans>}
        leftSection={<IconSpeakerphone size={18} />}
        onClick={onNavigate}
      />
      <NavLinkItem
        to="/translations"
        label={<Trans>Translations</Trans>}
        leftSection={<IconLanguage size={18} />}
        onClick={onNavigate}
      />
      <NavLinkItem
        to="/audit"
        label={<Trans>Audit log</Trans>}
        leftSection={<IconHistory size={18} />}
        onClick={onNavigate}
      />
    </nav>
  );
}
