import { Plural, Trans } from "@lingui/react/macro";
import { Badge, Menu } from "@mantine/core";
import { IconLogout, IconMail, IconUserCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { Me } from "../lib/session";
import { useTRPC } from "../lib/trpc";
import { breakableLogin } from "./email-text";
import { type LoadedMenuProps, useOpenedOnLoad } from "./lazy-menu";

/** The user menu once opened (loaded by the header's `UserMenu` on first use): profile, invitations, sign out. */
export default function UserMenuOpen({ me, trigger }: LoadedMenuProps & { me: Me }) {
  const trpc = useTRPC();
  // Open invitations (issue 6.7) are answered in the chooser, which a one-organisation user skips.
  const invitations = useQuery(trpc.user.invitations.queryOptions()).data?.length ?? 0;
  const { opened, setOpened, target } = useOpenedOnLoad(trigger);
  return (
    <Menu position="bottom-end" shadow="md" width={240} opened={opened} onChange={setOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label className="break-anywhere">{breakableLogin(me.email ?? me.username)}</Menu.Label>
        <Menu.Item component={Link} to="/me" leftSection={<IconUserCircle size={16} />}>
          <Trans>Profile</Trans>
        </Menu.Item>
        {invitations > 0 ? (
          <Menu.Item
            component={Link}
            to="/"
            leftSection={<IconMail size={16} />}
            rightSection={
              <Badge size="sm" circle aria-hidden>
                {invitations}
              </Badge>
            }
          >
            <Plural value={invitations} one="# invitation" other="# invitations" />
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} />}>
          <Trans>Sign out</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
