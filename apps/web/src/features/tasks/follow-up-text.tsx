import { Trans } from "@lingui/react/macro";
import { Text } from "@mantine/core";
import { signedPoints } from "../../lib/points";
import type { Task } from "./task-model";

/** Closing the loop in words: how the finding's value moved in the next survey of its type. */
export function FollowUpText({ followUp }: { followUp: NonNullable<Task["followUp"]> }) {
  if (followUp.state === "waiting")
    return (
      <Text size="xs" c="dimmed">
        <Trans>Follow-up: the next survey of this type has no answers yet.</Trans>
      </Text>
    );
  if (followUp.change === null || followUp.before === null || followUp.after === null)
    return (
      <Text size="xs" c="dimmed">
        <Trans>Follow-up: not enough answers to compare.</Trans>
      </Text>
    );
  const before = Math.round(followUp.before);
  const after = Math.round(followUp.after);
  const change = Math.round(followUp.change);
  const points = signedPoints(followUp.change);
  return (
    <Text size="xs" fw={500}>
      {change > 0 ? (
        <Trans>
          Improved since: {before} % → {after} % ({points})
        </Trans>
      ) : change < 0 ? (
        <Trans>
          Declined since: {before} % → {after} % ({points})
        </Trans>
      ) : (
        <Trans>
          Unchanged since: {before} % → {after} %
        </Trans>
      )}
    </Text>
  );
}
