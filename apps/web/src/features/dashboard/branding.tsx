import { BRAND_COLOR_PATTERN, PLAN_LIMITS, type Plan } from "@kunto/core";
import { useQuery } from "@tanstack/react-query";
import { type CSSProperties, createContext, useContext } from "react";
import { useTRPC } from "../../lib/trpc";

/**
 * The TOTAL plan's branded dashboard (document 2 §6, docs/decisions.md "Plan-dependent
 * dashboard"): the brand colour is only ever an accent bar (no text is drawn in it, so any colour
 * keeps text contrast), the logo sits beside the page title.
 */
export const BrandAccentContext = createContext<string | null>(null);

/** The card style of the brand accent: a bar along the top; nothing when there is no branding. */
export function useBrandAccent(): CSSProperties | undefined {
  const color = useContext(BrandAccentContext);
  return color ? { borderTop: `4px solid ${color}` } : undefined;
}

/** The logo as an image address; the key names the version, so a cached copy is never stale. */
export function useBrandLogo(key: string | null | undefined): string | null {
  const trpc = useTRPC();
  const { data } = useQuery({
    ...trpc.tenant.brandingLogo.queryOptions({ key: key ?? undefined }),
    enabled: Boolean(key),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data && key ? `data:${data.contentType};base64,${data.data}` : null;
}

/** The branding the dashboard shows: none unless the plan includes it (the server says so too). */
export function useDashboardBranding(plan: Plan) {
  const trpc = useTRPC();
  const included = PLAN_LIMITS[plan].brandedDashboard;
  const { data } = useQuery({ ...trpc.tenant.branding.queryOptions(), enabled: included });
  const shown = included && data?.available ? data : null;
  const logoSrc = useBrandLogo(shown?.logo?.key);
  const color = shown?.color && BRAND_COLOR_PATTERN.test(shown.color) ? shown.color : null;
  return { color, logoSrc };
}
