import { createFileRoute } from "@tanstack/react-router";
import { MessageEditor } from "../../../../features/messages/message-editor";
import { requireSystemRole } from "../../../../lib/guards";

/** A new message (document 3 §2). */
export const Route = createFileRoute("/_authed/adminmessagecenter/message/new")({
  beforeLoad: requireSystemRole("admin"),
  component: () => <MessageEditor />,
});
