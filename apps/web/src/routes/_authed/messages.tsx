import { createFileRoute } from "@tanstack/react-router";
import { MessagesPage } from "../../features/messages/messages-page";

/** The message center outside an organisation: for users without one, platform admins among them. */
export const Route = createFileRoute("/_authed/messages")({
  component: MessagesPage,
});
