import type { Permission } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  AppShell,
  Badge,
  Burger,
  Divider,
  Group,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import {
  type Icon,
  IconAddressBook,
  IconBox,
  IconBuilding,
  IconChartBar,
  IconChecklist,
  IconChevronDown,
  IconClipboardList,
  IconHistory,
  IconLayoutDashboard,
  IconMessages,
  IconPlus,
  IconReportMoney,
  IconSettings,
  IconSwitchHorizontal,
  IconTicket,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import { Link, useMatches, useParams } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense } from "react";
import { DemoSandboxBanner } from "../features/demo/demo-sandbox-banner";
import { UnreadMessagesBadge } from "../features/messages/use-unread-messages";
import { withWholeCatalog } from "../lib/i18n";
import { PLAN_LABELS } from "../lib/labels";
import { type CurrentTenant, displayName, isPlatformAdmin, type Me, tenantOf } from "../lib/session";
import { getTenantId } from "../lib/tenant";
import { InsideMainLandmark, MAIN_ID, SkipLink } from "./landmarks";
import { LanguageMenu } from "./language-menu";
import { LazyMenu } from "./lazy-menu";
import { NavLinkItem } from "./links";
import { Logo } from "./logo";
import { UserAvatar } from "./user-avatar";

// The menu is outside the first load, and so are its messages (`withWholeCatalog`).
const loadUserMenu = withWholeCatalog(() => import("./user-menu-open"));
const UserMenuOpen = lazy(loadUserMenu);
// Only platform admins see their menu: it and its messages are outside the first load too.
const AdminNav = lazy(withWholeCatalog(() => import("./admin-nav")));

/** The signed-in frame: header with language and user menus, navigation by role. */
export function AppLayout({ me, children }: { me: Me; children: ReactNode }) {
  const { t } = useLingui();
  const [opened, { toggle, close }] = useDisclosure(false);
  const hideNav = useMatches({ select: (matches) => matches.some((match) => match.staticData?.hideNav) });
  const params = useParams({ strict: false });
  const tenant = tenantOf(me, params.tenantId ?? getTenantId());

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={hideNav ? undefined : { width: 250, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding={{ base: "md", sm: "xl" }}
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {hideNav ? null : (
              <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t`Open menu`} />
            )}
            <Link to="/" style={{ textDecoration: "none" }} aria-label="Kunto">
              <Logo size="lg" />
            </Link>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageMenu />
            <UserMenu me={me} />
          </Group>
        </Group>
      </AppShell.Header>
      {hideNav ? null : (
        <AppShell.Navbar p="sm" aria-label={t`Main menu`}>
          <AppShell.Section grow style={{ overflowY: "auto" }}>
            <MainNav me={me} tenant={tenant} onNavigate={close} />
          </AppShell.Section>
          <AppShell.Section>
            <Divider my="sm" />
            <NavLinkItem
              to="/me"
              label={<Trans>Profile</Trans>}
              leftSection={<IconUserCircle size={18} />}
              onClick={close}
            />
          </AppShell.Section>
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ outline: "none" }}>
        <InsideMainLandmark>
          <div style={{ maxWidth: 1200, margin: "0 auto" }}>
            {me.isDemo ? <DemoSandboxBanner /> : null}
            {children}
          </div>
        </InsideMainLandmark>
      </AppShell.Main>
    </AppShell>
  );
}

/** The organisation's screens in the menu, each with the permission that shows it. */
const TENANT_LINKS = [
  { to: "/t/$tenantId/reports", permission: "report.read", label: msg`Reports`, Icon: IconChartBar },
  { to: "/t/$tenantId/analyses", permission: "survey.read", label: msg`Surveys`, Icon: IconClipboardList },
  { to: "/t/$tenantId/teams", permission: "survey.read", label: msg`Teams`, Icon: IconUsersGroup },
  { to: "/t/$tenantId/tasks", permission: "task.read", label: msg`Tasks`, Icon: IconChecklist },
  {
    to: "/t/$tenantId/financials",
    permission: "financials.read",
    label: msg`Financials`,
    Icon: IconReportMoney,
  },
  { to: "/t/$tenantId/worktasks", permission: "worktask.read", label: msg`Work tasks`, Icon: IconTicket },
  { to: "/t/$tenantId/items", permission: "item.manage", label: msg`Items`, Icon: IconBox },
  { to: "/t/$tenantId/parties", permission: "party.read", label: msg`Parties`, Icon: IconBuilding },
  { to: "/t/$tenantId/persons", permission: "person.read", label: msg`Persons`, Icon: IconAddressBook },
  { to: "/t/$tenantId/users", permission: "tenant.users.manage", label: msg`Users`, Icon: IconUsers },
  { to: "/t/$tenantId/settings", permission: "tenant.update", label: msg`Settings`, Icon: IconSettings },
  { to: "/t/$tenantId/audit", permission: "tenant.users.read", label: msg`Audit log`, Icon: IconHistory },
] as const satisfies readonly { to: string; permission: Permission; label: MessageDescriptor; Icon: Icon }[];

function MainNav({
  me,
  tenant,
  onNavigate,
}: {
  me: Me;
  tenant: CurrentTenant | null;
  onNavigate: () => void;
}) {
  const { i18n, t } = useLingui();
  const admin = isPlatformAdmin(me);
  return (
    <Stack gap="lg">
      {tenant ? (
        <nav aria-label={tenant.name}>
          <Stack gap={2} px="xs" mb={8}>
            <Text size="sm" fw={650} lineClamp={2} title={tenant.name} className="break-anywhere">
              {tenant.name}
            </Text>
            <Group gap={6}>
              <Badge size="xs" variant="light">
                {i18n._(PLAN_LABELS[tenant.plan])}
              </Badge>
            </Group>
          </Stack>
          <NavLinkItem
            to="/t/$tenantId/dashboard"
            params={{ tenantId: tenant.id }}
            label={<Trans>Dashboard</Trans>}
            leftSection={<IconLayoutDashboard size={18} />}
            onClick={onNavigate}
          />
          {TENANT_LINKS.filter((link) => tenant.permissions.has(link.permission)).map(
            ({ to, label, Icon }) => (
              <NavLinkItem
                key={to}
                to={to}
                params={{ tenantId: tenant.id }}
                label={i18n._(label)}
                leftSection={<Icon size={18} />}
                onClick={onNavigate}
              />
            ),
          )}
          <NavLinkItem
            to="/t/$tenantId/messages"
            params={{ tenantId: tenant.id }}
            label={<Trans>Messages</Trans>}
            leftSection={<IconMessages size={18} />}
            rightSection={<UnreadMessagesBadge />}
            onClick={onNavigate}
          />
          {me.tenants.length > 1 ? (
            <NavLinkItem
              to="/"
              activeOptions={{ exact: true }}
              label={<Trans>Switch organisation</Trans>}
              leftSection={<IconSwitchHorizontal size={18} />}
              onClick={onNavigate}
            />
          ) : null}
        </nav>
      ) : me.tenants.length === 0 ? (
        <nav aria-label={t`Organisation`}>
          <NavLinkItem
            to="/new_account"
            label={<Trans>Create an organisation</Trans>}
            leftSection={<IconPlus size={18} />}
            onClick={onNavigate}
          />
          <NavLinkItem
            to="/messages"
            label={<Trans>Messages</Trans>}
            leftSection={<IconMessages size={18} />}
            rightSection={<UnreadMessagesBadge />}
            onClick={onNavigate}
          />
        </nav>
      ) : null}
      {admin ? (
        <Suspense fallback={null}>
          <AdminNav onNavigate={onNavigate} />
        </Suspense>
      ) : null}
    </Stack>
  );
}

function UserMenu({ me }: { me: Me }) {
  const { t } = useLingui();
  return (
    <LazyMenu
      Menu={UserMenuOpen}
      load={loadUserMenu}
      props={{ me }}
      trigger={
        <UnstyledButton px={6} py={4} style={{ borderRadius: "var(--mantine-radius-md)" }}>
          {/* Named by its content (not aria-label), so the name shown is part of what is read. */}
          <VisuallyHidden>{t`User menu`}</VisuallyHidden>
          <Group gap={8} wrap="nowrap">
            <UserAvatar user={me} size={32} alt="" />
            <Text size="sm" fw={500} visibleFrom="sm" maw={180} truncate>
              {displayName(me)}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      }
    />
  );
}
