import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { MessageEditor } from "../../../../features/messages/message-editor";
import { requireSystemRole } from "../../../../lib/guards";
import { useTRPC } from "../../../../lib/trpc";

/** Editing a message (document 3 §2). */
export const Route = createFileRoute("/_authed/adminmessagecenter/message/$id")({
  beforeLoad: requireSystemRole("admin"),
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(context.trpc.messageCenter.get.queryOptions({ id: params.id })),
  component: EditMessage,
});

function EditMessage() {
  const { id } = Route.useParams();
  const trpc = useTRPC();
  const { data } = useSuspenseQuery(trpc.messageCenter.get.queryOptions({ id }));
  // Another id (the created one after saving a new message) starts the editor afresh.
  return <MessageEditor key={data.id} message={data} />;
}
