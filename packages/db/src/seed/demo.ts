import type { TenantRole } from "@kunto/core";

/**
 * The seeded demo user. Nobody signs in as it: each "Try the demo" visitor gets a private copy of
 * what it sees (a sandbox, issue 6.6), and this address is how the copier finds it.
 */
export const DEMO_EMAIL = "demo@kunto.local";

/** The demo account: a mid-sized Finnish manufacturer, PRO plan. */
export const DEMO_TENANT = {
  name: "Aurora Components Oy",
  registrationNumber: "FI28765432",
  streetAddress: "Hatanpään valtatie 24",
  zipCode: "33100",
  city: "Tampere",
  country: "FI",
  plan: "PRO" as const,
  subscriptionStatus: "PAID" as const,
  business: "Precision metal components",
  headcount: 86,
  isDemo: true,
};

interface DemoUser {
  type: "LOCAL" | "CLOUD";
  email: string | null;
  username: string | null;
  firstName: string;
  lastName: string;
  systemRoles: string[];
  tenantRoles: TenantRole[];
  language: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    type: "CLOUD",
    email: DEMO_EMAIL,
    username: null,
    firstName: "Demo",
    lastName: "User",
    systemRoles: ["basic"],
    tenantRoles: ["tenant_admin"],
    language: "en",
  },
  {
    type: "CLOUD",
    email: "anna.virtanen@aurora.example",
    username: null,
    firstName: "Anna",
    lastName: "Virtanen",
    systemRoles: ["basic"],
    tenantRoles: ["tenant_admin"],
    language: "fi",
  },
  {
    type: "CLOUD",
    email: "mikko.korhonen@aurora.example",
    username: null,
    firstName: "Mikko",
    lastName: "Korhonen",
    systemRoles: ["basic"],
    tenantRoles: ["tenant_basic"],
    language: "fi",
  },
  {
    type: "CLOUD",
    email: "kadri.tamm@aurora.example",
    username: null,
    firstName: "Kadri",
    lastName: "Tamm",
    systemRoles: ["basic"],
    tenantRoles: ["tenant_basic"],
    language: "ee",
  },
  {
    type: "CLOUD",
    email: "olga.ivanova@aurora.example",
    username: null,
    firstName: "Olga",
    lastName: "Ivanova",
    systemRoles: ["basic"],
    tenantRoles: ["tenant_readonly"],
    language: "ru",
  },
  {
    type: "CLOUD",
    email: "piotr.nowak@aurora.example",
    username: null,
    firstName: "Piotr",
    lastName: "Nowak",
    systemRoles: ["basic"],
    tenantRoles: ["tenant_readonly"],
    language: "pl",
  },
  {
    type: "LOCAL",
    email: null,
    username: "aurora-kiosk",
    firstName: "Lobby",
    lastName: "Kiosk",
    systemRoles: ["agent"],
    tenantRoles: ["tenant_basic"],
    language: "fi",
  },
];

/** The group's Estonian subsidiary: gives the demo user a second account to choose. */
export const DEMO_SUBSIDIARY = {
  name: "Aurora Logistics OÜ",
  registrationNumber: "EE14567890",
  streetAddress: "Peterburi tee 46",
  zipCode: "11415",
  city: "Tallinn",
  country: "EE",
  plan: "FREE" as const,
  business: "Warehousing and transport",
  headcount: 14,
  isDemo: true,
};
/** Members of the subsidiary, by e-mail of the users above. */
export const DEMO_SUBSIDIARY_MEMBERS: Array<{ email: string; roles: TenantRole[] }> = [
  { email: DEMO_EMAIL, roles: ["tenant_admin"] },
  { email: "kadri.tamm@aurora.example", roles: ["tenant_admin"] },
];
