/**
 * The audit log screen's filters and pages as the server takes them (issue 20.5). Pages are 1-based;
 * the server pages by `limit` (at most 100) and `offset`.
 */
export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

/** The most rows a CSV download holds (AUDIT_EXPORT_MAX in packages/api/src/audit-log/schemas.ts). */
export const AUDIT_EXPORT_MAX = 10_000;

export interface AuditFilters {
  userId: string | null;
  action: string | null;
  /** Days as YYYY-MM-DD (the date pickers' values), in Europe/Helsinki. */
  from: string | null;
  to: string | null;
  /** Platform admins only: one organisation. */
  tenantId: string | null;
}

export const NO_FILTERS: AuditFilters = { userId: null, action: null, from: null, to: null, tenantId: null };

export type AuditFilterInput = Partial<Record<keyof AuditFilters, string>>;

/** The filters that are set, as the procedures take them. */
export function filterInput(filters: AuditFilters): AuditFilterInput {
  const input: AuditFilterInput = {};
  for (const [key, value] of Object.entries(filters) as Array<[keyof AuditFilters, string | null]>) {
    if (value) input[key] = value;
  }
  return input;
}

export const pageInput = (page: number, size: number) => ({
  limit: size,
  offset: (Math.max(1, page) - 1) * size,
});

/** The CSV download's address: the screen's filters and the language (its spreadsheet convention). */
export function csvPath(scope: "tenant" | "admin", filters: AuditFilters, language: string): string {
  const query = new URLSearchParams({ ...filterInput(filters), lang: language });
  if (scope === "tenant") query.delete("tenantId");
  return `/api/${scope}/audit/csv?${query}`;
}

/** Changing one filter: the others stay; a last day before the first day is dropped. */
export function withFilter<K extends keyof AuditFilters>(
  filters: AuditFilters,
  key: K,
  value: AuditFilters[K],
): AuditFilters {
  const next = { ...filters, [key]: value || null };
  if (next.from && next.to && next.to < next.from) next.to = null;
  return next;
}

/** The first page the screen shows, as its route prefetches it (routes stay light: no page code). */
export const FIRST_PAGE = pageInput(1, AUDIT_PAGE_SIZES[1]);
