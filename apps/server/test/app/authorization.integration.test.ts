import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { appRouter, errorKeyOf, keyMayCall } from "@kunto/api";
import { createSession, generatePublicKey, generateToken, hashToken, sessionCookieName } from "@kunto/auth";
import { schema } from "@kunto/db";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectConforms, type Json } from "../integrators/contract-support";
import {
  type Actor,
  actorFor,
  asOwner,
  callerFor,
  connect,
  makeTenant,
  makeUser,
  startServer,
} from "../support/harness";

/**
 * The authorization walk. Every procedure has a row in RULES; a procedure without one fails the
 * first test, so nothing ships without its allow/deny decision. Each row is called through tRPC and
 * (when it has a REST path) over real HTTP by every actor below, with fresh sessions per test.
 *
 * Row format (keep it; rows are merged from parallel work):
 *
 *   "router.procedure": { access, input?, answers?, provenBy? },
 *
 * - access: who gets through: "public" (anyone), "authed" (any signed-in user whose session is
 *   active), "admin" (platform admin), { tenant: [roles] } (members of the X-tenant-id account
 *   holding one of those roles; the account must be active), "pending-totp" / "pending-new-password"
 *   (only a half-signed-in session waiting for that step), or "pending" (a half-signed-in state
 *   the walk has no actor for: needs provenBy).
 * - input: what every actor sends. Inputs aim at ids that do not exist or values that are refused,
 *   so an allowed call proves it got past authorization without destroying fixtures. "skip-call"
 *   means the walk cannot call it at all: the row then needs provenBy.
 * - answers: the error keys an allowed actor's call may end in (e.g. ["not_found"] for a missing
 *   id, ["validation_failed"] for a refused input), because a valid call is impossible here.
 *   Allowed means a success or one of these keys, never anything else, never a 5xx. Omit it when
 *   every allowed actor's call must succeed.
 * - provenBy: "<file under apps/server/test, e.g. tasks/tasks.integration.test.ts> > <test name>" of the test that proves the rule where
 *   the walk cannot (checked: the file must hold a test of that name).
 *
 * Denied means exactly the denial the actor should get: not_signed_in (401) for the anonymous,
 * half-signed-in and disabled actors and for a pending step by anyone else, access_denied (403) for
 * a signed-in actor without the role, the platform admin right or an active membership (or the row's
 * `refusal` for a member of the account without the role, e.g. user_no_longer_admin for role changes).
 */
type Access =
  | "public"
  | "authed"
  | "admin"
  | "pending-totp"
  | "pending-new-password"
  | "pending"
  | {
      tenant: ReadonlyArray<"tenant_admin" | "tenant_basic" | "tenant_readonly">;
      /** Platform admins too, for any organisation (API keys, issue 20). */
      platformAdmin?: boolean;
    };

interface Rule {
  access: Access;
  /** The same for every actor, or made per actor (e.g. an address of its own, for per-address limits). */
  input?: unknown | ((actor: ActorName) => unknown);
  answers?: readonly string[];
  provenBy?: string;
  /** The key members of the account without the role get instead of access_denied (still 403). */
  refusal?: "user_no_longer_admin";
}

const ALL_TENANT = { tenant: ["tenant_admin", "tenant_basic", "tenant_readonly"] } as const;
const ADMIN_ONLY = { tenant: ["tenant_admin"] } as const;
// Survey reads: the permission table gives read-only users survey.read on top of what basic has.
const ADMIN_READONLY = { tenant: ["tenant_admin", "tenant_readonly"] } as const;
// API keys (issue 20): the organisation's admins on a paid plan (the walked one is PRO) and platform admins.
const KEY_MANAGERS = { tenant: ["tenant_admin"], platformAdmin: true } as const;
const missing = randomUUID();
/** Answers of a refused input (the shared schemas answer a field's own key or validation_failed). */
const REFUSED = ["validation_failed"];
const NOT_FOUND = ["not_found"];

const RULES: Record<string, Rule> = {
  "auth.signIn": {
    access: "public",
    // Per actor: a login has a limit of wrong tries, and the walk calls it over tRPC and REST.
    input: (actor: ActorName) => ({
      username: `${actor}-${missing}@example.test`,
      password: "wrong password 123",
    }),
    answers: ["invalid_credentials"],
  },
  "auth.verifyTotp": { access: "pending-totp", input: { code: "000000" }, answers: ["invalid_code"] },
  "auth.completeNewPassword": {
    access: "pending-new-password",
    input: { newPassword: "x" },
    answers: ["password_too_short"],
  },
  "auth.signUp": { access: "public", input: { email: "not-an-email", password: "x" }, answers: REFUSED },
  // Per actor: one address gets at most five confirmation mails an hour (issue 6.2).
  "auth.resendConfirmation": {
    access: "public",
    input: (actor: ActorName) => ({ email: `${actor}-${missing}@example.test` }),
  },
  "auth.confirmEmail": {
    access: "public",
    input: { token: "invalid", password: "a long enough password 1" },
    answers: ["invalid_token"],
  },
  "auth.confirmationStatus": { access: "public", input: { token: "invalid" }, answers: ["invalid_token"] },
  "auth.forgotPassword": {
    access: "public",
    input: (actor: ActorName) => ({ username: `${actor}-${missing}@example.test` }),
  },
  "auth.resetPassword": {
    access: "public",
    // Per actor: one login gets at most ten code tries an hour, and the walk calls it over tRPC and REST.
    input: (actor: ActorName) => ({
      username: `${actor}-${missing}@example.test`,
      code: "1",
      newPassword: "x",
    }),
    answers: ["invalid_code"],
  },
  "auth.signOut": { access: "public", input: {} },
  "auth.signOutEverywhere": { access: "authed", input: {} },
  "auth.changePassword": {
    access: "authed",
    input: { oldPassword: "wrong password 123", newPassword: "x" },
    answers: ["current_password_wrong"],
  },
  "auth.totpSetup": { access: "authed", input: {} },
  "auth.totpEnable": { access: "authed", input: { code: "000000" }, answers: ["invalid_code"] },
  "auth.totpDisable": { access: "authed", input: { code: "000000" }, answers: ["invalid_code"] },
  "user.me": { access: "authed" },
  "user.session": { access: "public" },
  "user.update": { access: "authed", input: { firstName: "Same", lastName: "Person", phone: null } },
  "user.uploadImage": { access: "authed", input: { data: "bm90IGFuIGltYWdl" }, answers: ["invalid_image"] },
  "user.setLanguage": { access: "authed", input: { language: "en" } },
  "user.createTenant": { access: "authed", input: { name: "", country: "FI" }, answers: REFUSED },
  // Issue 6.8: one rule with GET /api/tenant/user (tenant.users.read).
  "user.tenantUsers": { access: ADMIN_ONLY },
  "user.invitations": { access: "authed" },
  "user.acceptInvitation": { access: "authed", input: { id: missing }, answers: NOT_FOUND },
  "user.declineInvitation": { access: "authed", input: { id: missing }, answers: NOT_FOUND },
  "user.getShadow": { access: "authed" },
  "user.setShadow": { access: "authed", input: { state: { x: 1 } } },
  "user.emailSubscriptions": { access: ADMIN_ONLY },
  "user.saveEmailSubscriptions": { access: ADMIN_ONLY, input: { items: [] } },
  "tenant.current": { access: ALL_TENANT },
  "tenant.update": { access: ADMIN_ONLY, input: { name: "" }, answers: REFUSED },
  "tenant.users": { access: ADMIN_ONLY },
  "tenant.addUser": { access: ADMIN_ONLY, input: { email: "bad" }, answers: REFUSED },
  "tenant.removeUser": { access: ADMIN_ONLY, input: { id: missing }, answers: NOT_FOUND },
  "tenant.invitations": { access: ADMIN_ONLY },
  "tenant.resendInvitation": { access: ADMIN_ONLY, input: { id: missing }, answers: NOT_FOUND },
  "tenant.revokeInvitation": { access: ADMIN_ONLY, input: { id: missing }, answers: NOT_FOUND },
  "tenant.addRole": {
    access: ADMIN_ONLY,
    input: { userId: missing, role: "tenant_basic" },
    answers: NOT_FOUND,
    refusal: "user_no_longer_admin",
  },
  "tenant.removeRole": {
    access: ADMIN_ONLY,
    input: { userId: missing, role: "tenant_basic" },
    answers: NOT_FOUND,
    refusal: "user_no_longer_admin",
  },
  "tenant.values": { access: ALL_TENANT },
  "tenant.setValue": { access: ADMIN_ONLY, input: { key: "", value: "x" }, answers: REFUSED },
  "tenant.deleteValue": { access: ADMIN_ONLY, input: { key: `missing-${missing}` } },
  "tenant.roles": { access: "authed" },
  "audit.list": { access: ADMIN_ONLY, input: {} },
  "audit.filters": { access: ADMIN_ONLY },
  "audit.export": { access: ADMIN_ONLY, input: {} },
  "admin.audit.list": { access: "admin", input: {} },
  "admin.audit.filters": { access: "admin", input: {} },
  "admin.audit.export": { access: "admin", input: {} },
  "tenant.branding": { access: ALL_TENANT },
  "tenant.setBranding": { access: ADMIN_ONLY, input: { color: "#1a6bcc" }, answers: ["plan_required"] },
  "tenant.uploadLogo": {
    access: ADMIN_ONLY,
    input: { data: "bm90IGFuIGltYWdl" },
    answers: ["plan_required"],
  },
  "tenant.removeLogo": { access: ADMIN_ONLY },
  "tenant.brandingLogo": { access: ALL_TENANT, answers: ["plan_required"] },
  "admin.users": { access: "admin", input: { user_type: "local" } },
  "admin.listCloudUsers": { access: "admin" },
  "admin.createUser": {
    access: "admin",
    input: { type: "CLOUD", roleSet: [] },
    answers: ["at_least_one_role_required"],
  },
  "admin.updateUser": { access: "admin", input: { id: missing, firstName: "X" }, answers: NOT_FOUND },
  "admin.enableUser": { access: "admin", input: { id: missing }, answers: NOT_FOUND },
  "admin.disableUser": { access: "admin", input: { id: missing }, answers: NOT_FOUND },
  "admin.addUserRole": { access: "admin", input: { id: missing, role: "basic" }, answers: NOT_FOUND },
  "admin.removeUserRole": { access: "admin", input: { id: missing, role: "basic" }, answers: NOT_FOUND },
  "admin.tenants": { access: "admin" },
  "admin.createTenant": { access: "admin", input: { name: "", country: "FI" }, answers: REFUSED },
  "admin.updateTenant": {
    access: "admin",
    input: { id: missing, name: "X", streetAddress: "a", zipCode: "1", city: "c", country: "FI" },
    answers: NOT_FOUND,
  },
  "admin.setTenantPlan": { access: "admin", input: { id: missing, status: "PRO" }, answers: NOT_FOUND },
  "admin.deleteTenant": { access: "admin", input: { id: missing }, answers: NOT_FOUND },
  "admin.tenantUsers": { access: "admin", input: { id: missing }, answers: NOT_FOUND },
  "admin.addTenantUser": { access: "admin", input: { id: missing, userId: missing }, answers: NOT_FOUND },
  "admin.removeTenantUser": { access: "admin", input: { id: missing, userId: missing }, answers: NOT_FOUND },
  "admin.systemRoles": { access: "authed" },
  // Survey templates (issue 7): platform admins only; keys that do not exist, an invalid body.
  "surveyTemplate.list": { access: "admin" },
  "surveyTemplate.categories": { access: "admin", input: { type: "PERSONNEL" } },
  "surveyTemplate.get": { access: "admin", input: { key: `missing-${missing}` }, answers: NOT_FOUND },
  "surveyTemplate.create": {
    access: "admin",
    input: { type: "PERSONNEL", start: { en: "" } },
    answers: [...REFUSED, "survey_template_start_required"],
  },
  "surveyTemplate.update": {
    access: "admin",
    input: { key: `missing-${missing}`, type: "PERSONNEL", start: { en: "x" } },
    answers: NOT_FOUND,
  },
  "surveyTemplate.clone": { access: "admin", input: { key: `missing-${missing}` }, answers: NOT_FOUND },
  "surveyTemplate.activate": { access: "admin", input: { key: `missing-${missing}` }, answers: NOT_FOUND },
  "surveyTemplate.delete": { access: "admin", input: { key: `missing-${missing}` }, answers: NOT_FOUND },
  // Opens a demo sandbox (issue 6.6); every actor may, whoever they are signed in as.
  // This database has no seeded demo; demo-sandbox.integration.test.ts opens real sandboxes.
  // Five sandboxes an hour per address: the walk's many actors share one address.
  "demo.start": { access: "public", input: {}, answers: ["demo_unavailable", "too_many_requests"] },
  "demo.sandbox": { access: "authed" },
  "publicSurvey.get": {
    access: "public",
    input: { shareKey: `missing${missing}`.slice(0, 40), teamUrlSafeName: "x" },
    answers: ["survey_link_unknown"],
  },
  "publicSurvey.submit": {
    access: "public",
    input: {
      shareKey: `missing${missing}`.slice(0, 40),
      teamUrlSafeName: "x",
      submissionId: missing,
      browserToken: "a-browser-token-of-enough-length",
      language: "en",
      answers: { q: 1 },
    },
    answers: ["survey_link_unknown"],
  },
  "report.options": { access: ALL_TENANT },
  "report.bySurveys": { access: ALL_TENANT, input: { keys: `missing-${missing}` }, answers: NOT_FOUND },
  "report.byShares": { access: ALL_TENANT, input: { keys: `missing-${missing}` }, answers: NOT_FOUND },
  "report.trendLine": { access: ALL_TENANT, input: { type: "PERSONNEL" } },
  "surveyResults.calculate": { access: ALL_TENANT, input: { key: `missing-${missing}` }, answers: NOT_FOUND },
  "surveyResults.calculation": {
    access: ALL_TENANT,
    input: { key: `missing-${missing}` },
    answers: NOT_FOUND,
  },
  // Issue 7: teams, surveys and shares: read by admins and read-only users, changed by admins only.
  "team.list": { access: ADMIN_READONLY },
  "team.lite": { access: ADMIN_READONLY },
  "team.get": { access: ADMIN_READONLY, input: { key: missing }, answers: NOT_FOUND },
  "team.create": { access: ADMIN_ONLY, input: { name: "", type: "PERSONNEL" }, answers: REFUSED },
  "team.update": { access: ADMIN_ONLY, input: { key: missing, name: "X" }, answers: NOT_FOUND },
  "team.delete": { access: ADMIN_ONLY, input: { key: missing }, answers: NOT_FOUND },
  "dashboard.survey": { access: ALL_TENANT },
  "notification.list": { access: ALL_TENANT },
  "notification.read": { access: ALL_TENANT, input: { id: missing }, answers: NOT_FOUND },
  "survey.list": { access: ADMIN_READONLY },
  "survey.get": { access: ADMIN_READONLY, input: { key: missing }, answers: NOT_FOUND },
  "survey.statistics": { access: ADMIN_READONLY, input: { key: missing }, answers: NOT_FOUND },
  "survey.notification": {
    access: ADMIN_READONLY,
    input: { key: missing, type: "DAILY" },
    answers: NOT_FOUND,
  },
  "survey.shareStatistics": {
    access: ADMIN_READONLY,
    input: { key: missing, shareKey: missing },
    answers: NOT_FOUND,
  },
  "survey.create": {
    access: ADMIN_ONLY,
    input: { type: "NONE", start: "x", end: "x" },
    answers: ["type_error"],
  },
  "survey.update": { access: ADMIN_ONLY, input: { key: missing, name: "X" }, answers: NOT_FOUND },
  "survey.delete": { access: ADMIN_ONLY, input: { key: missing }, answers: NOT_FOUND },
  "surveyShare.bySurvey": { access: ADMIN_READONLY, input: { surveyKey: missing }, answers: NOT_FOUND },
  "surveyShare.get": { access: ADMIN_READONLY, input: { key: missing }, answers: NOT_FOUND },
  "surveyShare.create": {
    access: ADMIN_ONLY,
    input: { name: "X", surveyKey: missing, teams: [missing] },
    answers: NOT_FOUND,
  },
  "surveyShare.update": {
    access: ADMIN_ONLY,
    input: { key: missing, name: "X", teams: [missing] },
    answers: NOT_FOUND,
  },
  "surveyShare.delete": { access: ADMIN_ONLY, input: { key: missing }, answers: NOT_FOUND },
  "surveyShare.send": {
    access: ADMIN_ONLY,
    input: { key: missing, emails: ["someone@example.test"], language: "en" },
    answers: NOT_FOUND,
  },
  // Issue 9: tasks are read by every member and changed by account admins (task.write) only.
  "task.list": { access: ALL_TENANT },
  "task.suggestions": { access: ALL_TENANT },
  "task.loop": { access: ALL_TENANT },
  "task.categories": { access: ALL_TENANT },
  "task.questionOptions": { access: ALL_TENANT },
  "task.get": { access: ALL_TENANT, input: { id: missing }, answers: NOT_FOUND },
  "task.create": { access: ADMIN_ONLY, input: { name: "" }, answers: ["tasks.name_required"] },
  "task.update": { access: ADMIN_ONLY, input: { id: missing, name: "X" }, answers: NOT_FOUND },
  "task.delete": { access: ADMIN_ONLY, input: { id: missing }, answers: NOT_FOUND },
  "taskVote.list": { access: ALL_TENANT },
  "taskVote.byTask": { access: ALL_TENANT, input: { taskId: missing }, answers: NOT_FOUND },
  "taskVote.get": { access: ALL_TENANT, input: { id: missing }, answers: NOT_FOUND },
  "taskVote.setBySession": { access: ADMIN_ONLY, input: { session: `walk-${missing}`, taskIds: [] } },
  "taskVote.create": {
    access: ADMIN_ONLY,
    input: { taskId: missing, session: `walk-${missing}` },
    answers: NOT_FOUND,
  },
  "taskVote.delete": { access: ADMIN_ONLY, input: { id: missing }, answers: NOT_FOUND },
  // Issue 17.10: every member reads the voting link's key; account admins give it a new one.
  "taskVote.link": { access: ALL_TENANT },
  "taskVote.rotateLink": { access: ADMIN_ONLY },
  // The public voting page: anyone; an organisation that does not exist is not found.
  "publicTaskVoting.tasks": { access: "public", input: { tenantId: missing }, answers: NOT_FOUND },
  "publicTaskVoting.bySession": {
    access: "public",
    input: { tenantId: missing, session: `walk-${missing}` },
    answers: NOT_FOUND,
  },
  "publicTaskVoting.vote": {
    access: "public",
    input: { tenantId: missing, taskId: missing, session: `walk-${missing}` },
    answers: NOT_FOUND,
  },
  "publicTaskVoting.unvote": {
    access: "public",
    input: { tenantId: missing, taskId: missing, session: `walk-${missing}` },
    answers: NOT_FOUND,
  },
  // Categories and suggested tasks: platform admins only (document 3 §6).
  "category.list": { access: "admin" },
  "category.get": { access: "admin", input: { id: missing }, answers: NOT_FOUND },
  "category.create": {
    access: "admin",
    input: { engineName: "", name: { en: "x" }, description: { en: "" } },
    answers: ["category_engine_name_required"],
  },
  "category.update": {
    access: "admin",
    input: { id: missing, engineName: "x", name: { en: "x" }, description: { en: "" } },
    answers: NOT_FOUND,
  },
  "category.delete": { access: "admin", input: { id: missing }, answers: NOT_FOUND },
  "staticTask.list": { access: "admin" },
  "staticTask.get": { access: "admin", input: { id: missing }, answers: NOT_FOUND },
  "staticTask.create": {
    access: "admin",
    input: { type: "report", name: { en: "x" }, description: { en: "" } },
    answers: ["static_task_category_required"],
  },
  "staticTask.update": {
    access: "admin",
    input: { id: missing, type: "personnel_help", name: { en: "x" }, description: { en: "" } },
    answers: NOT_FOUND,
  },
  "staticTask.delete": { access: "admin", input: { id: missing }, answers: NOT_FOUND },
  // Issue 20: API keys, managed by a person's session only (never by a key).
  "apiKey.list": { access: KEY_MANAGERS },
  "apiKey.create": {
    access: KEY_MANAGERS,
    input: { name: "Walk", expireAt: "2030-01-01", termsAccepted: false },
    answers: ["api_key_terms_required"],
  },
  "apiKey.update": {
    access: KEY_MANAGERS,
    input: { publicKey: `missing${missing}`, name: "X" },
    answers: NOT_FOUND,
  },
  "apiKey.delete": { access: KEY_MANAGERS, input: { publicKey: `missing${missing}` }, answers: NOT_FOUND },
  // Issue 23: financials (PRO and TOTAL; the walked organisation is PRO). The walk has no D&B
  // provider: the search and the fetch answer financials_not_configured to whoever gets through;
  // financials/*.integration.test.ts run them against the fake D&B.
  "financial.get": { access: ALL_TENANT },
  "financial.fitness": { access: ALL_TENANT },
  "financial.fetch": { access: ALL_TENANT, answers: ["financials_not_configured"] },
  "financial.identitySearch": {
    access: ADMIN_ONLY,
    input: { name: "Walk Oy", countryISOAlpha2Code: "FI" },
    answers: ["financials_not_configured"],
  },
  "financial.saveDuns": { access: ADMIN_ONLY, input: { dunsNumber: "12" }, answers: REFUSED },
  // Issue 20.4: webhook endpoints, as the keys: a person's session only (a key never sees a secret).
  "webhook.list": { access: KEY_MANAGERS },
  "webhook.create": {
    access: KEY_MANAGERS,
    input: { url: "https://hooks.example.com/walk", events: [] },
    answers: ["webhook_events_required"],
  },
  "webhook.update": { access: KEY_MANAGERS, input: { id: missing, description: "x" }, answers: NOT_FOUND },
  "webhook.delete": { access: KEY_MANAGERS, input: { id: missing }, answers: NOT_FOUND },
  "webhook.deliveries": { access: KEY_MANAGERS, input: { id: missing }, answers: NOT_FOUND },
  "webhook.resend": { access: KEY_MANAGERS, input: { id: missing }, answers: NOT_FOUND },
  "webhook.test": { access: KEY_MANAGERS, input: { id: missing }, answers: NOT_FOUND },
  // Billing (issue 21): the walk's server has no Stripe keys, so the calls that need Stripe answer
  // billing_not_configured to whoever gets through; billing/billing.integration.test.ts runs them against the fake.
  "billing.prices": { access: "public", answers: ["billing_not_configured"] },
  "billing.checkout": {
    access: ADMIN_ONLY,
    input: { price: "price_walk" },
    answers: ["billing_not_configured"],
  },
  "billing.customerPortal": { access: ADMIN_ONLY, answers: ["billing_not_configured"] },
  "billing.customer": { access: ADMIN_ONLY },
  "billing.promotion": { access: "public", input: { code: "WALK20" }, answers: ["billing_not_configured"] },
  "billing.tax": { access: "public", answers: ["billing_not_configured"] },
  "billing.changeSubscription": {
    access: ADMIN_ONLY,
    input: { price: "price_walk" },
    answers: ["billing_not_configured"],
  },
  "billing.userSubscription": {
    access: ADMIN_ONLY,
    input: { price: "price_walk" },
    answers: ["billing_not_configured"],
  },
  "billing.disableSubscription": { access: ADMIN_ONLY, answers: ["billing_not_configured"] },
  "billing.enableSubscription": { access: ADMIN_ONLY, answers: ["billing_not_configured"] },
  // Issue 22: parties and persons (tenant admins).
  "party.list": { access: ADMIN_ONLY },
  "party.paged": { access: ADMIN_ONLY, input: {} },
  "party.get": { access: ADMIN_ONLY, input: { id: missing }, answers: NOT_FOUND },
  "party.byId": { access: ADMIN_ONLY, input: { id: missing }, answers: NOT_FOUND },
  "party.create": { access: ADMIN_ONLY, input: { type: "partner" }, answers: ["validation_failed"] },
  "party.update": { access: ADMIN_ONLY, input: { id: missing, companyName: "X" }, answers: NOT_FOUND },
  "person.managers": { access: ADMIN_ONLY },
  "person.paged": { access: ADMIN_ONLY, input: {} },
  "person.full": { access: ADMIN_ONLY },
  "person.withoutEmployer": { access: ADMIN_ONLY },
  "person.byEmployer": { access: ADMIN_ONLY, input: { id: missing }, answers: NOT_FOUND },
  "person.list": { access: ADMIN_ONLY },
  "person.get": { access: ADMIN_ONLY, input: { id: missing }, answers: NOT_FOUND },
  "person.create": { access: ADMIN_ONLY, input: { email: "a b" }, answers: ["validation_failed"] },
  "person.update": { access: ADMIN_ONLY, input: { id: missing, lastname: "X" }, answers: NOT_FOUND },
  // Issue 22: work tasks, their hello notes, and items.
  "workTask.paged": { access: ALL_TENANT, input: {} },
  "workTask.assignees": { access: ALL_TENANT },
  "workTask.list": { access: ALL_TENANT },
  "workTask.get": { access: ALL_TENANT, input: { id: missing }, answers: NOT_FOUND },
  "workTask.create": { access: ADMIN_ONLY, input: { title: "", message: "" }, answers: ["required_fields"] },
  "workTask.setStatus": {
    access: { tenant: ["tenant_admin", "tenant_basic"] },
    input: { id: missing, status: "DONE" },
    answers: NOT_FOUND,
  },
  "workTask.update": {
    access: { tenant: ["tenant_admin", "tenant_basic"] },
    input: { id: missing, title: "X" },
    answers: NOT_FOUND,
  },
  "workTask.delete": {
    access: { tenant: ["tenant_admin", "tenant_basic"] },
    input: { id: missing },
    answers: NOT_FOUND,
  },
  "hello.list": { access: ALL_TENANT },
  "hello.create": {
    access: { tenant: ["tenant_admin", "tenant_basic"] },
    input: { msg: "" },
    answers: REFUSED,
  },
  "hello.delete": {
    access: { tenant: ["tenant_admin", "tenant_basic"] },
    input: { id: missing },
    answers: NOT_FOUND,
  },
  "item.list": { access: ADMIN_ONLY },
  "item.byTypes": { access: ADMIN_ONLY, input: { types: ["testityyppi"] } },
  "item.get": { access: ADMIN_ONLY, input: { id: missing }, answers: NOT_FOUND },
  "item.create": {
    access: ADMIN_ONLY,
    input: { name: "", type: "testityyppi" },
    answers: ["required_fields"],
  },
  "item.update": { access: ADMIN_ONLY, input: { id: missing, name: "X" }, answers: NOT_FOUND },
  // Issue 22: the translations editor (platform-wide texts; platform admins save, the account's admins read).
  "translation.all": { access: KEY_MANAGERS },
  "translation.page": { access: KEY_MANAGERS, input: { page: 1, pageSize: "50", search: "" } },
  "translation.interface": { access: "public", input: { lang: "fi" } },
  "translation.byLanguage": { access: KEY_MANAGERS, input: { lang: "fi" } },
  "translation.save": {
    access: "admin",
    input: { tid: "custom.missing", texts: { en: "x" } },
    answers: NOT_FOUND,
  },
  "translation.create": { access: "admin", input: { text: "", texts: {} }, answers: REFUSED },
  // Issue 22: the message center (platform-wide; platform admins write, everyone signed in reads).
  "messageCenter.latest": { access: "authed" },
  "messageCenter.markRead": { access: "authed", input: {} },
  "messageCenter.admin": { access: "admin", input: { page: 1, pageSize: "50" } },
  "messageCenter.list": { access: "authed" },
  "messageCenter.get": { access: "admin", input: { id: missing }, answers: NOT_FOUND },
  "messageCenter.create": {
    access: "admin",
    input: { author: "", title: "", message: "" },
    answers: ["validation_failed"],
  },
  "messageCenter.update": {
    access: "admin",
    input: { id: missing, author: "x", title: "x", message: "x" },
    answers: NOT_FOUND,
  },
  "messageCenter.delete": { access: "admin", input: { id: missing }, answers: NOT_FOUND },
};

type ActorName =
  | "anonymous"
  | "tenant_admin"
  | "tenant_basic"
  | "tenant_readonly"
  | "other_tenant_admin"
  | "platform_admin"
  | "pending_totp"
  | "pending_new_password"
  | "disabled"
  | "inactive_tenant_admin";
const ACTORS: ActorName[] = [
  "anonymous",
  "tenant_admin",
  "tenant_basic",
  "tenant_readonly",
  "other_tenant_admin",
  "platform_admin",
  // Half signed in (a TOTP code or a new password still due), a disabled user, and the admin of an
  // inactive account calling with that account's id. The first three are platform admins and
  // tenant admins of the walked account: nothing but their state may keep them out.
  "pending_totp",
  "pending_new_password",
  "disabled",
  "inactive_tenant_admin",
];
const STATUS_OF_DENIAL = { not_signed_in: 401, access_denied: 403, user_no_longer_admin: 403 } as const;
/** Active members of the walked account (the pending and disabled actors never get that far). */
const MEMBERS: ReadonlySet<ActorName> = new Set(["tenant_admin", "tenant_basic", "tenant_readonly"]);
const SIGNED_OUT: ReadonlySet<ActorName> = new Set([
  "anonymous",
  "pending_totp",
  "pending_new_password",
  "disabled",
]);

/** null when the actor gets through; otherwise the error key it must be turned away with. */
function denial(rule: Rule, actor: ActorName): keyof typeof STATUS_OF_DENIAL | null {
  const { access } = rule;
  if (access === "public") return null;
  if (access === "pending-totp") return actor === "pending_totp" ? null : "not_signed_in";
  if (access === "pending-new-password") return actor === "pending_new_password" ? null : "not_signed_in";
  if (SIGNED_OUT.has(actor) || access === "pending") return "not_signed_in";
  if (access === "authed") return null;
  if (access === "admin") return actor === "platform_admin" ? null : "access_denied";
  if ((access.tenant as readonly string[]).includes(actor)) return null;
  if ("platformAdmin" in access && access.platformAdmin && actor === "platform_admin") return null;
  return MEMBERS.has(actor) ? (rule.refusal ?? "access_denied") : "access_denied";
}

const inputFor = (rule: Rule, actor: ActorName) =>
  typeof rule.input === "function" ? (rule.input as (actor: ActorName) => unknown)(actor) : rule.input;
const run = randomUUID().slice(0, 2);
const addressOf = (actor: ActorName) => `10.${Number.parseInt(run, 16)}.${ACTORS.indexOf(actor)}.7`;

/** What a call ended in, as the walk compares it. */
type Outcome = { actor: ActorName; outcome: string };

function judge(actor: ActorName, outcome: { ok: boolean; key: string | null; status: number }): Outcome {
  const observed =
    outcome.status >= 500 ? `5xx ${outcome.key}` : outcome.ok ? "ok" : `${outcome.status} ${outcome.key}`;
  return { actor, outcome: observed };
}

function expected(rule: Rule, actor: ActorName, observed: Outcome): Outcome {
  const refusal = denial(rule, actor);
  if (refusal) return { actor, outcome: `${STATUS_OF_DENIAL[refusal]} ${refusal}` };
  const fine = ["ok", ...(rule.answers ?? []).map((key) => `4xx ${key}`)];
  const normalised = observed.outcome.replace(/^4\d\d /, "4xx ");
  return { actor, outcome: fine.includes(normalised) ? observed.outcome : `ok or one of ${fine.join(", ")}` };
}

type Procedure = { _def: { type: string; meta?: { openapi?: { method: string; path: string } } } };
const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;

const db = connect();
let ids: Record<ActorName, string | null>;
let tenantId: string;
let inactiveTenantId: string;
/** The account each actor names in X-tenant-id. */
const tenantOf = (actor: ActorName) => (actor === "inactive_tenant_admin" ? inactiveTenantId : tenantId);

async function sessionFor(name: ActorName): Promise<Actor> {
  const userId = ids[name];
  if (name === "pending_totp" || name === "pending_new_password") {
    if (!userId) throw new Error(name);
    const state = name === "pending_totp" ? "mfa_pending" : "new_password_required";
    const { token } = await createSession(db.db, userId, state);
    return { name, cookie: `${sessionCookieName(false)}=${token}`, userId };
  }
  return actorFor(db.db, name, userId);
}
/** Fresh sessions for every test: sign-out calls end the session they were made with. */
const freshActors = async () =>
  Object.fromEntries(
    await Promise.all(ACTORS.map(async (name) => [name, await sessionFor(name)] as const)),
  ) as Record<ActorName, Actor>;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  const tenant = await makeTenant(db.owner);
  const other = await makeTenant(db.owner);
  const inactive = await makeTenant(db.owner, { active: false });
  tenantId = tenant.id;
  inactiveTenantId = inactive.id;
  const everything = { tenantId, tenantRoles: ["tenant_admin"], systemRoles: ["admin"] };
  ids = {
    anonymous: null,
    tenant_admin: (await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_admin"] })).id,
    tenant_basic: (await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_basic"] })).id,
    tenant_readonly: (await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_readonly"] })).id,
    other_tenant_admin: (await makeUser(db.owner, { tenantId: other.id, tenantRoles: ["tenant_admin"] })).id,
    platform_admin: (await makeUser(db.owner, { systemRoles: ["admin"] })).id,
    pending_totp: (await makeUser(db.owner, everything)).id,
    pending_new_password: (await makeUser(db.owner, { ...everything, mustChangePassword: true })).id,
    disabled: (await makeUser(db.owner, everything)).id,
    inactive_tenant_admin: (
      await makeUser(db.owner, { tenantId: inactive.id, tenantRoles: ["tenant_admin"] })
    ).id,
  };
  await asOwner(db.owner, (tx) =>
    tx
      .update(schema.users)
      .set({ enabled: false })
      .where(eq(schema.users.id, ids.disabled as string)),
  );
  server = await startServer(db.db);
});

afterAll(async () => {
  await server.close();
  await db.close();
});

/** The names of the tests a file holds (`it("…"` / `test("…"`, template literals included). */
function testNamesIn(relativePath: string): string[] {
  const text = readFileSync(join(import.meta.dirname, "..", relativePath), "utf8");
  return [...text.matchAll(/\b(?:it|test)\(\s*(["'`])((?:\\.|(?!\1).)*)\1/g)].map((m) => m[2] ?? "");
}

describe("authorization", () => {
  it("has a rule for every procedure and no rule for a procedure that does not exist", () => {
    const names = Object.keys(procedures).sort();
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((n) => !RULES[n])).toEqual([]);
    expect(Object.keys(RULES).filter((n) => !procedures[n])).toEqual([]);
  });

  it("has no lazy router: every procedure is in _def.procedures, which the walk reads", () => {
    const def = appRouter._def as unknown as {
      lazy: Record<string, unknown>;
      record: Record<string, unknown>;
    };
    expect(Object.keys(def.lazy)).toEqual([]);
    // Every leaf of the router tree is a procedure the walk knows; a lazy loader would be a bare function.
    const leaves: string[] = [];
    const walk = (node: Record<string, unknown>, path: string[]) => {
      for (const [key, value] of Object.entries(node)) {
        const def = (value as { _def?: { procedure?: boolean; router?: boolean; record?: object } })._def;
        if (def?.procedure) leaves.push([...path, key].join("."));
        else if (def?.router && def.record) walk(def.record as Record<string, unknown>, [...path, key]);
        else if (value && typeof value === "object" && !def)
          walk(value as Record<string, unknown>, [...path, key]);
        else leaves.push(`${[...path, key].join(".")} (not a procedure)`);
      }
    };
    walk(def.record, []);
    expect(leaves.sort()).toEqual(Object.keys(procedures).sort());
  });

  it("proves elsewhere every rule it cannot call (skip-call or pending), in a test that exists", () => {
    const unproven: string[] = [];
    for (const [name, rule] of Object.entries(RULES)) {
      if (rule.input !== "skip-call" && rule.access !== "pending") continue;
      const [file, test] = (rule.provenBy ?? "").split(" > ");
      if (!file || !test || !/^[\w./-]+\.test\.ts$/.test(file)) {
        unproven.push(`${name}: no provenBy`);
        continue;
      }
      let names: string[] = [];
      try {
        names = testNamesIn(file);
      } catch {
        unproven.push(`${name}: ${file} does not exist`);
        continue;
      }
      if (!names.includes(test)) unproven.push(`${name}: ${file} has no test "${test}"`);
    }
    expect(unproven).toEqual([]);
  });

  for (const name of Object.keys(RULES)) {
    const rule = RULES[name];
    if (!rule || rule.input === "skip-call" || rule.access === "pending") continue;
    it(`tRPC ${name}`, async () => {
      const procedure = procedures[name];
      expect(procedure).toBeDefined();
      const actors = await freshActors();
      const observed: Outcome[] = [];
      for (const actorName of ACTORS) {
        // Each actor from its own client address, so per-address limits never decide an answer.
        const { caller } = await callerFor(
          db.db,
          actors[actorName],
          tenantOf(actorName),
          addressOf(actorName),
        );
        let target: unknown = caller;
        for (const part of name.split(".")) target = (target as Record<string, unknown>)[part];
        let outcome = { ok: true, key: null as string | null, status: 200 };
        try {
          await (target as (input: unknown) => Promise<unknown>)(inputFor(rule, actorName));
        } catch (error) {
          if (!(error instanceof TRPCError)) throw error;
          // The status the HTTP adapters would answer for this error.
          outcome = { ok: false, key: errorKeyOf(error), status: getHTTPStatusCodeFromError(error) };
        }
        observed.push(judge(actorName, outcome));
      }
      expect(observed).toEqual(observed.map((o) => expected(rule, o.actor, o)));
    });
  }

  it("sign-out-everywhere is refused anonymously and works for a member", async () => {
    const anon = await callerFor(db.db, (await freshActors()).anonymous, null);
    await expect(anon.caller.auth.signOutEverywhere()).rejects.toThrow("not_signed_in");
    const user = await makeUser(db.owner, { tenantId, tenantRoles: ["tenant_basic"] });
    const actor = await actorFor(db.db, "someone", user.id);
    const elsewhere = await actorFor(db.db, "someone elsewhere", user.id);
    const { caller } = await callerFor(db.db, actor, null);
    await caller.auth.signOutEverywhere();
    for (const session of [actor, elsewhere]) {
      const after = await callerFor(db.db, session, null);
      await expect(after.caller.user.me()).rejects.toThrow("not_signed_in");
    }
  });

  const restOperations = Object.entries(procedures).filter(([, p]) => p._def.meta?.openapi);
  it("serves every call of document 1 §7 at its documented path and method", () => {
    const served = new Set(
      restOperations.map(([, p]) => `${p._def.meta?.openapi?.method} ${p._def.meta?.openapi?.path}`),
    );
    const documented = [
      "GET /user",
      "POST /user",
      "POST /user/image",
      "PUT /user/set-language/{language}",
      "POST /user/tenant",
      "POST /public/logout",
      "GET /user/list-cloud",
      "GET /user/tenant-users",
      "GET /emailsubscription",
      "POST /emailsubscription",
      "GET /tenant",
      "POST /tenant",
      "GET /tenant/user",
      "POST /tenant/user",
      "DELETE /tenant/user/{id}",
      "POST /tenant/user/{userId}/role/{role}",
      "DELETE /tenant/user/{userId}/role/{role}",
      "GET /tenant/values",
      "POST /tenant/value",
      "DELETE /tenant/value",
      "GET /admin/tenant/roles",
      "GET /admin/tenant",
      "POST /admin/tenant",
      "POST /admin/tenant/{id}",
      "POST /admin/tenant/{id}/plan",
      "DELETE /admin/tenant/{id}",
      "GET /admin/tenant/{id}/user",
      "POST /admin/tenant/{id}/user",
      "DELETE /admin/tenant/{id}/user/{userId}",
      "POST /admin/user/{id}/enable",
      "POST /admin/user/{id}/disable",
      "POST /admin/user/{id}",
      "POST /admin/user/{id}/role/{role}",
      "DELETE /admin/user/{id}/role/{role}",
      "POST /admin/user",
      "GET /admin/user",
      "GET /system/roles",
      "POST /shadow",
      "GET /shadow",
    ];
    expect(documented.filter((op) => !served.has(op))).toEqual([]);
  });

  for (const [name, procedure] of restOperations) {
    const rule = RULES[name];
    const openapi = procedure._def.meta?.openapi;
    if (!rule || !openapi || rule.input === "skip-call" || rule.access === "pending") continue;
    it(`REST ${openapi.method} ${openapi.path}`, async () => {
      const actors = await freshActors();
      const observed: Outcome[] = [];
      for (const actorName of ACTORS) {
        const input = { ...((inputFor(rule, actorName) as Record<string, unknown>) ?? {}) };
        const path = openapi.path.replace(/\{(\w+)\}/g, (_m, key: string) => {
          const value = String(input[key] ?? "");
          delete input[key];
          return encodeURIComponent(value);
        });
        const actor = actors[actorName];
        const headers: Record<string, string> = { "x-tenant-id": tenantOf(actorName), origin: server.base };
        if (actor.cookie) headers.cookie = actor.cookie;
        const hasBody = openapi.method !== "GET" && openapi.method !== "DELETE";
        const query =
          !hasBody && Object.keys(input).length
            ? `?${new URLSearchParams(input as Record<string, string>)}`
            : "";
        if (hasBody) headers["content-type"] = "application/json";
        const response = await server.fetch(`/api${path}${query}`, {
          method: openapi.method,
          headers,
          body: hasBody ? JSON.stringify(input) : undefined,
        });
        const text = await response.text();
        const body = (text ? JSON.parse(text) : null) as { error_key?: string } | null;
        if (response.status >= 400) expect(body?.error_key).toBeTypeOf("string");
        expect(text).not.toMatch(/at .*\.ts:\d+/);
        observed.push(
          judge(actorName, {
            ok: response.status >= 200 && response.status < 300,
            key: body?.error_key ?? null,
            status: response.status,
          }),
        );
      }
      // Denials are compared with the key and status each actor must get, not with what came back.
      expect(observed).toEqual(observed.map((o) => expected(rule, o.actor, o)));
    });
  }
});

/**
 * Issue 20: the key column. A write-scope API key of the walked organisation calls every REST
 * operation that needs someone (the public ones and the sign-in steps are the cookie walk's) without
 * a cookie and without X-tenant-id (the key names its organisation). What a key may call
 * (`keyMayCall`, the rule the server applies) answers as for the organisation's admin; everything
 * else 403 `api_key_not_allowed`. On /trpc a key is refused by all of them.
 */
describe("authorization with an API key", () => {
  let token: string;
  let keyDoc: Json;
  beforeAll(async () => {
    keyDoc = (await (await server.fetch("/api/openapi.json")).json()) as Json;
    const publicKey = generatePublicKey();
    const privateKey = generateToken();
    await asOwner(db.owner, (tx) =>
      tx.insert(schema.apiKeys).values({
        tenantId,
        name: "Walk",
        publicKey,
        secretHash: hashToken(privateKey),
        scope: "write",
        expireAt: new Date(Date.now() + 86_400_000),
        createdBy: ids.tenant_admin as string,
      }),
    );
    token = `${publicKey}.${privateKey}`;
  });

  type KeyMeta = Parameters<typeof keyMayCall>[0];
  const metaOf = (name: string) => (procedures[name]?._def.meta ?? {}) as KeyMeta;
  const needsSomeone = (name: string) =>
    metaOf(name).access !== undefined && metaOf(name).access !== "public";

  const keyExpected = (name: string, rule: Rule, observed: string): string => {
    if (!keyMayCall(metaOf(name))) return "403 api_key_not_allowed";
    const refusal = denial(rule, "tenant_admin");
    if (refusal) return `${STATUS_OF_DENIAL[refusal]} ${refusal}`;
    const fine = ["ok", ...(rule.answers ?? []).map((key) => `4xx ${key}`)];
    return fine.includes(observed.replace(/^4\d\d /, "4xx ")) ? observed : `ok or one of ${fine.join(", ")}`;
  };

  for (const [name, procedure] of Object.entries(procedures)) {
    const rule = RULES[name];
    const openapi = procedure._def.meta?.openapi;
    if (!rule || !openapi || rule.input === "skip-call" || !needsSomeone(name)) continue;
    it(`key REST ${openapi.method} ${openapi.path}`, async () => {
      const input = { ...((inputFor(rule, "tenant_admin") as Record<string, unknown>) ?? {}) };
      const path = openapi.path.replace(/\{(\w+)\}/g, (_m, key: string) => {
        const value = String(input[key] ?? "");
        delete input[key];
        return encodeURIComponent(value);
      });
      const hasBody = openapi.method !== "GET" && openapi.method !== "DELETE";
      const query =
        !hasBody && Object.keys(input).length
          ? `?${new URLSearchParams(input as Record<string, string>)}`
          : "";
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (hasBody) headers["content-type"] = "application/json";
      const response = await server.fetch(`/api${path}${query}`, {
        method: openapi.method,
        headers,
        body: hasBody ? JSON.stringify(input) : undefined,
      });
      const text = await response.text();
      const body = (text ? JSON.parse(text) : null) as { error_key?: string } | null;
      // The answer is what the document says for this status (a generated client reads it so).
      if (response.headers.get("content-type")?.includes("application/json"))
        expectConforms(keyDoc, openapi.method, openapi.path, { status: response.status, body });
      const observed = judge("tenant_admin", {
        ok: response.status >= 200 && response.status < 300,
        key: body?.error_key ?? null,
        status: response.status,
      }).outcome;
      expect({ name, observed }).toEqual({ name, observed: keyExpected(name, rule, observed) });
    });
  }

  it("refuses a key on /trpc for every procedure that needs someone", async () => {
    const wrong: string[] = [];
    for (const [name, procedure] of Object.entries(procedures)) {
      if (!needsSomeone(name)) continue;
      const query = procedure._def.type === "query";
      const response = await server.fetch(`/trpc/${name}`, {
        method: query ? "GET" : "POST",
        headers: {
          authorization: `Bearer ${token}`,
          ...(query ? {} : { "content-type": "application/json" }),
        },
        body: query ? undefined : "{}",
      });
      const body = (await response.json()) as { error?: { error_key?: string } };
      if (response.status !== 403 || body.error?.error_key !== "api_key_not_allowed")
        wrong.push(`${name}: ${response.status} ${body.error?.error_key}`);
    }
    expect(wrong).toEqual([]);
  });
});
