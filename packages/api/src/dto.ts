import { SUBSCRIPTION_STATUSES } from "@kunto/core";
import { z } from "zod";

/** Wire shapes (document 1 §3). Explicit so the OpenAPI document describes every response. */
export const ZTenantRoleRef = z.object({ id: z.string(), name: z.string(), roleSet: z.array(z.string()) });

export const ZUser = z.object({
  id: z.string(),
  subject: z.string(),
  type: z.enum(["LOCAL", "CLOUD"]),
  email: z.string().nullable(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  enabled: z.boolean(),
  roles: z.array(z.string()),
  roleSet: z.array(z.string()),
  agentUser: z.boolean(),
  imageKey: z.string().nullable(),
  language: z.string(),
  isDemo: z.boolean(),
  tenantRoles: z.array(ZTenantRoleRef),
});
export type TUser = z.infer<typeof ZUser>;

export const ZMe = ZUser.extend({
  tenants: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), plan: z.string() })),
  mfaEnabled: z.boolean(),
});

export const ZTenant = z.object({
  id: z.string(),
  name: z.string(),
  registrationNumber: z.string().nullable(),
  streetAddress: z.string().nullable(),
  streetAddressLine2: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  country: z.string(),
  addressCounty: z.string().nullable(),
  dunsNumber: z.string().nullable(),
  status: z.enum(["ACTIVE", "INACTIVE"]),
  /** The plan the account gets: FREE while its subscription is unpaid (document 1 §4). */
  plan: z.enum(["FREE", "PRO", "TOTAL"]),
  /** The plan chosen for the account (by a platform admin, or bought). */
  subscribedPlan: z.enum(["FREE", "PRO", "TOTAL"]),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  currentSubscriptionPeriodEnd: z.string().nullable(),
  business: z.string().nullable(),
  headcount: z.number().nullable(),
  turnover: z.number().nullable(),
  anonymityThreshold: z.number(),
  isDemo: z.boolean(),
});
export type TTenant = z.infer<typeof ZTenant>;

export const ZTenantUser = z.object({
  id: z.string(),
  subject: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  imageKey: z.string().nullable(),
  agentUser: z.boolean(),
  roles: z.array(z.string()),
});

/**
 * An invitation as the inviting organisation sees it (issue 6.7): the address, the roles and its
 * state, never who (or whether anybody) holds the address.
 */
export const ZTenantInvitation = z.object({
  id: z.uuid(),
  email: z.string().meta({ format: "email" }),
  roles: z.array(z.string()),
  state: z.enum(["invited", "expired", "declined"]),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type TTenantInvitation = z.infer<typeof ZTenantInvitation>;

/** An open invitation as the invited person sees it. */
export const ZInvitation = z.object({
  id: z.uuid(),
  organisation: z.string(),
  roles: z.array(z.string()),
  invitedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZOk = z.object({ ok: z.literal(true) });
export const ok = { ok: true as const };
