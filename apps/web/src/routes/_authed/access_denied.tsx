import { createFileRoute } from "@tanstack/react-router";
import { AccessDeniedPage } from "../../features/errors/access-denied-page";

export const Route = createFileRoute("/_authed/access_denied")({
  component: AccessDeniedPage,
});
