import { AppError } from "@kunto/core";
import { toTRPCError } from "./errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The organisation a session's call names in X-tenant-id (issue 20.3): missing or not a UUID answers
 * 400 `tenant_header_invalid`, before any look-up. Lower case, as PostgreSQL writes a uuid.
 */
export function tenantIdOf(header: string | null | undefined): string {
  const tenantId = header?.trim() ?? "";
  if (!UUID.test(tenantId)) throw toTRPCError(new AppError("tenant_header_invalid"));
  return tenantId.toLowerCase();
}
