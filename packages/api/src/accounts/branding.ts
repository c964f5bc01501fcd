import { generateToken } from "@kunto/auth";
import { PLAN_LIMITS, type Plan, sanitizeFileName } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { eq } from "drizzle-orm";
import { fail } from "../errors";
import { decodeImage } from "../images";

/**
 * The branded dashboard of the TOTAL plan (document 2 §6, issue 19.17): the organisation's brand
 * colour and logo. What is stored stays when the plan no longer includes it (a downgrade), but is
 * then not shown: `available` says so, and the logo is not served.
 */
export interface Branding {
  available: boolean;
  color: string | null;
  logo: { key: string; contentType: string; fileName: string | null } | null;
}

interface TenantRef {
  id: string;
  plan: Plan;
}

export async function getBranding(tx: Tx, tenant: TenantRef): Promise<Branding> {
  const [row] = await tx
    .select({
      color: schema.tenants.brandColor,
      key: schema.tenantLogos.key,
      contentType: schema.tenantLogos.contentType,
      fileName: schema.tenantLogos.fileName,
    })
    .from(schema.tenants)
    .leftJoin(schema.tenantLogos, eq(schema.tenantLogos.tenantId, schema.tenants.id))
    .where(eq(schema.tenants.id, tenant.id));
  if (!row) return fail("not_found");
  return {
    available: PLAN_LIMITS[tenant.plan].brandedDashboard,
    color: row.color,
    logo:
      row.key !== null && row.contentType !== null
        ? { key: row.key, contentType: row.contentType, fileName: row.fileName }
        : null,
  };
}

/** `color` is checked by the procedure's input (`#rrggbb`, lower-cased); null clears it. */
export async function setBrandColor(tx: Tx, tenant: TenantRef, color: string | null) {
  await tx.update(schema.tenants).set({ brandColor: color }).where(eq(schema.tenants.id, tenant.id));
  return getBranding(tx, tenant);
}

/** Replaces the logo; a new key each time, so a client's cached copy of the old one is not reused. */
export async function setLogo(tx: Tx, tenant: TenantRef, dataBase64: string, fileName?: string) {
  const { data, contentType } = decodeImage(dataBase64);
  const values = {
    key: generateToken(),
    contentType,
    fileName: fileName ? sanitizeFileName(fileName, "logo") : null,
    data,
    createdAt: new Date(),
  };
  await tx
    .insert(schema.tenantLogos)
    .values({ tenantId: tenant.id, ...values })
    .onConflictDoUpdate({ target: schema.tenantLogos.tenantId, set: values });
  return getBranding(tx, tenant);
}

/** Removing is allowed whatever the plan: an organisation may always delete the file it stored. */
export async function removeLogo(tx: Tx, tenant: TenantRef) {
  await tx.delete(schema.tenantLogos).where(eq(schema.tenantLogos.tenantId, tenant.id));
  return getBranding(tx, tenant);
}

/** The logo itself; `key`, when given, must be the current one (else 404: it was replaced). */
export async function getLogo(tx: Tx, tenantId: string, key?: string) {
  const [row] = await tx.select().from(schema.tenantLogos).where(eq(schema.tenantLogos.tenantId, tenantId));
  if (!row || (key !== undefined && key !== row.key)) return fail("not_found");
  return { key: row.key, contentType: row.contentType, data: row.data.toString("base64") };
}
