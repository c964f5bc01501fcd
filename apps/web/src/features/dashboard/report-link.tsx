import { Button } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

/**
 * A link into the reports (built beside this feature, issue 8): by URL, so the dashboard does not
 * depend on the reports routes' types. The router resolves it like any other link.
 */
export function ReportLink({ href, children }: { href: string; children: ReactNode }) {
  const [path = "", query = ""] = href.split("?");
  const search = Object.fromEntries(
    [...new URLSearchParams(query)].map(([key, value]) => [key, value === "true" ? true : value]),
  );
  return (
    <Button component={Link} to={path as never} search={search as never} variant="light" size="sm">
      {children}
    </Button>
  );
}
