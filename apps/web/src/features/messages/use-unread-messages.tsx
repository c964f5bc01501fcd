import { Plural } from "@lingui/react/macro";
import { Badge, VisuallyHidden } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../../lib/trpc";

/** Published messages the signed-in user has not seen since last opening the message center. */
export function useUnreadMessages(): number {
  const trpc = useTRPC();
  const { data } = useQuery({
    ...trpc.messageCenter.latest.queryOptions(),
    // The menu need not be exact to the second: a new message shows within five minutes.
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  return data?.unread ?? 0;
}

/** The unread count beside the menu's "Messages" entry; nothing when all are read. */
export function UnreadMessagesBadge() {
  const unread = useUnreadMessages();
  if (unread === 0) return null;
  return (
    <Badge size="sm" circle={unread < 10} color="red.9" data-testid="unread-messages">
      <span aria-hidden>{unread > 99 ? "99+" : unread}</span>
      <VisuallyHidden>
        <Plural value={unread} one="# unread message" other="# unread messages" />
      </VisuallyHidden>
    </Badge>
  );
}
