import { createFileRoute } from "@tanstack/react-router";
import { NewAccountPage } from "../../features/new-account/new-account-page";

export const Route = createFileRoute("/_authed/new_account")({
  component: NewAccountPage,
});
