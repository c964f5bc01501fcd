import { DASHBOARD_NOTIFICATIONS, type NotificationType } from "@kunto/core";
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTRPC } from "../../lib/trpc";
import { NOTIFICATION_ALERT_COLORS, NOTIFICATION_TEXTS } from "./notification-labels";

/**
 * The dashboard's notifications (document 2 §2): at most three, newest first. Acting on one marks it
 * read (hidden at once; a failed read call is silent, §8) and opens the screen that resolves it.
 */
export function NotificationAlerts({ tenantId }: { tenantId: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const list = useQuery(trpc.notification.list.queryOptions());
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const read = useMutation(
    trpc.notification.read.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.notification.list.queryKey() }),
    }),
  );
  const [expanded, setExpanded] = useState(false);
  const items = (list.data ?? [])
    // The D-U-N-S notice comes only where financials can be fetched: the server leaves it out (issue 23).
    .filter((n) => !hidden.has(n.id))
    .slice(0, DASHBOARD_NOTIFICATIONS);
  if (items.length === 0) return null;
  // One area, not a stack of banners that fills a phone's first screen: the newest, then the rest on demand.
  const shown = expanded ? items : items.slice(0, 1);

  const open = async (id: string, type: NotificationType) => {
    setHidden((before) => new Set([...before, id]));
    // Stored before leaving, so a reload of the next screen cannot cancel it; a failure is silent.
    await read.mutateAsync({ id }).catch(() => undefined);
    switch (type) {
      case "SURVEY_OVER_X_MONTHS":
        return navigate({ to: "/t/$tenantId/analyses/new", params: { tenantId } });
      case "DUNS_NUMBER_MISSING":
        return navigate({ to: "/t/$tenantId/financials", params: { tenantId } });
      case "TENANT_ADDRESS_MISSING":
        return navigate({ to: "/t/$tenantId/settings", params: { tenantId } });
      case "NOTICE_EMAIL_SUBSCRIPTIONS":
        return navigate({ to: "/me" });
    }
  };

  return (
    <section aria-label={t`Notifications`}>
      <Stack gap="sm">
        {shown.map((n) => {
          const texts = NOTIFICATION_TEXTS[n.type];
          return (
            <Alert
              key={n.id}
              color={NOTIFICATION_ALERT_COLORS[n.color]}
              icon={<IconBell size={20} />}
              title={i18n._(texts.title)}
            >
              <Group justify="space-between" gap="sm" align="center">
                <Text size="sm">{i18n._(texts.text)}</Text>
                <Button size="xs" variant="white" color="dark" onClick={() => void open(n.id, n.type)}>
                  {i18n._(texts.action)}
                </Button>
              </Group>
            </Alert>
          );
        })}
        {items.length > 1 ? (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => setExpanded((v) => !v)}
            aria-expanded={expanded}
            w="fit-content"
          >
            {expanded
              ? t`Show fewer notices`
              : plural(items.length - 1, { one: "Show # more notice", other: "Show # more notices" })}
          </Button>
        ) : null}
      </Stack>
    </section>
  );
}
