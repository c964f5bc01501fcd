import { describe, expect, it } from "vitest";
import {
  AUDIT_ACTIONS,
  AUDIT_ADMIN_OPERATIONS,
  AUDIT_FIELDS,
  AUDIT_TARGET_TYPES,
  type AuditVocabulary,
  auditActionText,
  auditDetailItems,
  auditDetailText,
  auditTargetText,
  humanise,
} from "./audit-log";

/** Each text names its code in capitals, so a test sees which text was taken. */
const upper = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, `T:${key}`])) as Record<K, string>;

const vocabulary: AuditVocabulary = {
  language: "en",
  actions: upper(AUDIT_ACTIONS),
  adminOperations: upper(AUDIT_ADMIN_OPERATIONS),
  adminOperation: (operation) => `Platform administration: ${operation}`,
  platformAdministration: "Platform administration",
  apiChange: "Made a change through the API",
  otherAction: "Other action",
  fields: { ...upper(AUDIT_FIELDS), role: "Role", roles: "Roles", scope: "Access" },
  codes: {
    role: {
      admin: "System administrator",
      basic: "Basic user",
      agent: "Device user",
      tenant_admin: "Admin",
      tenant_basic: "Basic user",
      tenant_readonly: "Read-only user",
    },
    plan: { FREE: "FREE", PRO: "PRO", TOTAL: "TOTAL", ACTIVE: "Active", INACTIVE: "Inactive" },
    scope: { read: "Read only", write: "Read and write" },
    type: {
      LOCAL: "Shared device user",
      CLOUD: "E-mail user",
      PERSONNEL: "Personnel",
      MANAGEMENT: "Management",
    },
    priority: { HIGH: "High", MEDIUM: "Medium", LOW: "Low" },
    subscriptionStatus: {
      AWAITING_PAYMENT: "Awaiting payment",
      PAID: "Paid",
      PAYMENT_FAILED: "Payment failed",
      UNPAID: "Unpaid",
      CANCELED: "Canceled",
    },
  },
  targets: upper(AUDIT_TARGET_TYPES),
  yes: "Yes",
  no: "No",
};

describe("audit log texts (issue 20.5)", () => {
  it("labels every known action and each admin operation, the code never shown", () => {
    expect(auditActionText(vocabulary, "apikey.created")).toBe("T:apikey.created");
    expect(auditActionText(vocabulary, "webhook.resent")).toBe("T:webhook.resent");
    expect(auditActionText(vocabulary, "admin.admin.addTenantUser")).toBe(
      "Platform administration: T:admin.addTenantUser",
    );
    expect(auditActionText(vocabulary, "admin.surveyTemplate.clone")).toBe(
      "Platform administration: T:surveyTemplate.clone",
    );
  });

  it("shows an unknown action generically: admin path, API key, anything else", () => {
    expect(auditActionText(vocabulary, "admin.admin.somethingNew")).toBe("Platform administration");
    expect(auditActionText(vocabulary, "api.survey.create")).toBe("Made a change through the API");
    expect(auditActionText(vocabulary, "tenant.something_new")).toBe("Other action");
    // Inherited names of an object are no labels.
    expect(auditActionText(vocabulary, "constructor")).toBe("Other action");
    expect(auditActionText(vocabulary, "admin.toString")).toBe("Platform administration");
  });

  it("labels known fields and translates codes of their vocabularies", () => {
    expect(
      auditDetailItems(vocabulary, [
        { field: "roles", value: ["tenant_admin", "tenant_readonly"] },
        { field: "scope", value: "write" },
        { field: "status", value: "INACTIVE" },
        { field: "mfa", value: true },
        { field: "enabled", value: false },
      ]),
    ).toEqual([
      { field: "roles", label: "Roles", value: "Admin, Read-only user" },
      { field: "scope", label: "Access", value: "Read and write" },
      { field: "status", label: "T:status", value: "Inactive" },
      { field: "mfa", label: "T:mfa", value: "Yes" },
      { field: "enabled", label: "T:enabled", value: "No" },
    ]);
  });

  it("keeps free text and codes outside the field's vocabulary as they are", () => {
    const items = auditDetailItems(vocabulary, [
      { field: "name", value: "admin" },
      { field: "role", value: "future_role" },
      { field: "events", value: ["survey.started"] },
    ]);
    expect(items.map((item) => item.value)).toEqual(["admin", "future_role", "survey.started"]);
  });

  it("names an unknown field in words, organisation for tenant", () => {
    expect(auditDetailItems(vocabulary, [{ field: "targetGroupName", value: "x" }])[0]?.label).toBe(
      "Target group name",
    );
    expect(humanise("tenantName")).toBe("Organisation name");
    expect(humanise("max_tenants")).toBe("Max organisations");
    expect(humanise("contentTenantless")).toBe("Content tenantless");
  });

  it("shows countries by name, numbers and moments in the reader's form", () => {
    const fi = { ...vocabulary, language: "fi" as const, moment: (iso: string) => `at ${iso.slice(0, 10)}` };
    const items = auditDetailItems(fi, [
      { field: "country", value: "FI" },
      { field: "answerCount", value: 12000 },
      { field: "expireAt", value: "2026-12-31T21:59:59.999Z" },
    ]);
    expect(items.map((item) => item.value)).toEqual(["Suomi", "12\u00a0000", "at 2026-12-31"]);
    // Without a moment format (the CSV) the moment stays ISO 8601.
    expect(auditDetailText(vocabulary, [{ field: "expireAt", value: "2026-12-31T21:59:59.999Z" }])).toBe(
      "T:expireAt: 2026-12-31T21:59:59.999Z",
    );
  });

  it("joins the details into one line for the CSV", () => {
    expect(
      auditDetailText(vocabulary, [
        { field: "role", value: "tenant_basic" },
        { field: "scope", value: "read" },
      ]),
    ).toBe("Role: Basic user; Access: Read only");
    expect(auditDetailText(vocabulary, [])).toBe("");
  });

  it("labels target types, an unknown one in words", () => {
    expect(auditTargetText(vocabulary, "tenant")).toBe("T:tenant");
    expect(auditTargetText(vocabulary, "tenant_survey")).toBe("Organisation survey");
  });
});
