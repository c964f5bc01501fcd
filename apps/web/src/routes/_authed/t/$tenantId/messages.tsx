import { createFileRoute } from "@tanstack/react-router";
import { MessagesPage } from "../../../../features/messages/messages-page";

/** The message center in an organisation: every member reads the published messages (document 3 §2). */
export const Route = createFileRoute("/_authed/t/$tenantId/messages")({
  component: MessagesPage,
});
