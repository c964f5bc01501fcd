import type { AppRouter } from "@kunto/api";
import type { WorkTaskStatus } from "@kunto/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Group, Text } from "@mantine/core";
import { IconCircleCheck, IconClockPause, IconInbox, IconProgress } from "@tabler/icons-react";
import type { inferRouterOutputs } from "@trpc/server";

export type WorkTask = inferRouterOutputs<AppRouter>["workTask"]["paged"]["content"][number];
export type Assignee = inferRouterOutputs<AppRouter>["workTask"]["assignees"][number];

export const STATUS_LABELS: Record<WorkTaskStatus, MessageDescriptor> = {
  RECEIVED: msg`Received`,
  WAITING: msg`Waiting`,
  INPROGRESS: msg`In progress`,
  DONE: msg`Done`,
};

/** One icon and colour per status (document 3 §3 "Status icons exist for each status"). */
const STATUS_ICONS = {
  RECEIVED: { Icon: IconInbox, color: "blue" },
  WAITING: { Icon: IconClockPause, color: "orange" },
  INPROGRESS: { Icon: IconProgress, color: "violet" },
  DONE: { Icon: IconCircleCheck, color: "green" },
} as const;

export function StatusLabel({ status }: { status: WorkTaskStatus }) {
  const { i18n } = useLingui();
  const { Icon, color } = STATUS_ICONS[status];
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={18} color={`var(--mantine-color-${color}-7)`} aria-hidden />
      <Text size="sm" span>
        {i18n._(STATUS_LABELS[status])}
      </Text>
    </Group>
  );
}

export const personName = (p: { firstName: string; lastName: string; email?: string | null } | null) =>
  p ? [p.firstName, p.lastName].filter(Boolean).join(" ") || p.email || "" : "";
