import type { PageSize } from "../../lib/pagination";
import { isPlatformAdmin, type Me, tenantOf } from "../../lib/session";
import { getTenantId } from "../../lib/tenant";

/**
 * Who opens /translations (document 3 §6): platform admins, who edit, and the admins of the chosen
 * organisation (sent as X-tenant-id), who read: the texts are every organisation's. In a module of
 * its own: the route's guard and loader stay in the entry chunk and import no page module.
 */
export function canReadTranslations(me: Me): boolean {
  if (isPlatformAdmin(me)) return true;
  const tenant = tenantOf(me, getTenantId());
  return tenant?.active === true && tenant.roles.includes("tenant_admin");
}

export const canEditTranslations = (me: Me): boolean => isPlatformAdmin(me);

export const translationPageInput = (page: number, pageSize: PageSize, search: string) => ({
  page,
  pageSize: String(pageSize) as "50" | "100" | "500" | "all",
  search,
});
