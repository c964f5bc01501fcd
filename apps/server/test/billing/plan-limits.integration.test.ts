import { apiKeyDefaultExpiry, type Plan, type SubscriptionStatus } from "@kunto/core";
import { loadDefaultContent, schema } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asOwner, connect } from "../support/harness";
import { answeredSurvey } from "../support/reports";
import { makeSharedSurvey } from "../support/surveys";
import {
  emails,
  type Organisation,
  organisation,
  pageState,
  planRequired,
  refusalOf,
  respondentCount,
  storedResponses,
  submitOne,
} from "./plan-support";

/**
 * Issue 21 item 4, "Plans everywhere": every plan limit (packages/core PLAN_LIMITS) reads the
 * organisation's effective plan: the plan column, the Stripe subscription's status and the payment
 * grace (`effectivePlan`, `kunto_effective_plan`). Each limit is called through the API at FREE, PRO
 * and TOTAL, with the allowed side and the refused side (403 `plan_required` naming the feature, or
 * the count's own key), and in subscription states that change the answer: a paid subscription, a
 * failed payment within and after its grace, a canceled subscription. One organisation per case.
 * Financials have no call yet (root.ts "domains to come"), so nothing here to refuse.
 */
const db = connect();
beforeAll(() => asOwner(db.owner, (tx) => loadDefaultContent(tx)));
afterAll(() => db.close());

const DAY = 24 * 60 * 60 * 1000;

interface State {
  label: string;
  plan: Plan;
  subscriptionStatus?: SubscriptionStatus;
  /** Days from now to the end of the payment grace. */
  graceDays?: number;
  effective: Plan;
}

/** The plan column alone (no subscription: set by a platform admin), then a subscription's states. */
const STATES: State[] = [
  { label: "FREE, no subscription", plan: "FREE", effective: "FREE" },
  { label: "PRO, no subscription", plan: "PRO", effective: "PRO" },
  { label: "TOTAL, no subscription", plan: "TOTAL", effective: "TOTAL" },
  { label: "PRO by a paid subscription", plan: "PRO", subscriptionStatus: "PAID", effective: "PRO" },
  {
    label: "PRO kept while a failed payment is in its grace",
    plan: "PRO",
    subscriptionStatus: "PAYMENT_FAILED",
    graceDays: 3,
    effective: "PRO",
  },
  {
    label: "TOTAL kept while a failed payment is in its grace",
    plan: "TOTAL",
    subscriptionStatus: "PAYMENT_FAILED",
    graceDays: 3,
    effective: "TOTAL",
  },
  {
    label: "FREE once the grace of a failed PRO payment has ended",
    plan: "PRO",
    subscriptionStatus: "PAYMENT_FAILED",
    graceDays: -1,
    effective: "FREE",
  },
  // The webhook writes FREE with CANCELED; the status decides even where the column still says PRO.
  {
    label: "FREE after a canceled subscription",
    plan: "PRO",
    subscriptionStatus: "CANCELED",
    effective: "FREE",
  },
];

const stateOf = ({ plan, subscriptionStatus, graceDays }: State) =>
  organisation(db, {
    plan,
    subscriptionStatus: subscriptionStatus ?? null,
    paymentGraceUntil: graceDays === undefined ? null : new Date(Date.now() + graceDays * DAY),
  });

/** Respondents of a survey and recipients of a team or a share's e-mails (document 1 §9). */
const ANSWERERS: Record<Plan, number | null> = { FREE: 10, PRO: 250, TOTAL: null };
/** Beyond PRO's cap: what TOTAL takes. */
const OVER_PRO = 251;

interface Limit {
  limit: string;
  check: (org: Organisation, plan: Plan) => Promise<void>;
}

const LIMITS: Limit[] = [
  {
    limit: "answerers: respondents of a survey (survey_full at the cap)",
    check: async (org, plan) => {
      const shared = await makeSharedSurvey(db.owner, org.tenant.id);
      const cap = ANSWERERS[plan];
      if (cap === null) {
        await storedResponses(db, shared, OVER_PRO - 1);
        await submitOne(db, shared);
        expect(await pageState(db, shared)).toBe("running");
        expect(await respondentCount(db, shared)).toBe(OVER_PRO);
        return;
      }
      await storedResponses(db, shared, cap - 1);
      expect(await pageState(db, shared)).toBe("running");
      expect(await submitOne(db, shared)).toMatchObject({ stored: true });
      expect(await pageState(db, shared)).toBe("full");
      expect(await refusalOf(submitOne(db, shared))).toEqual({ key: "survey_full", details: {} });
      expect(await respondentCount(db, shared)).toBe(cap);
    },
  },
  {
    limit: "answerers: recipients of a team (max_recipients_reached names the cap)",
    check: async (org, plan) => {
      const team = (n: number) =>
        org.caller.team.create({ name: `Team of ${n}`, type: "PERSONNEL", answerers: emails(n) });
      const cap = ANSWERERS[plan];
      if (cap === null) {
        expect((await team(OVER_PRO)).answerers).toHaveLength(OVER_PRO);
        return;
      }
      expect(await refusalOf(team(cap + 1))).toEqual({ key: "max_recipients_reached", details: { cap } });
      expect((await team(cap)).answerers).toHaveLength(cap);
    },
  },
  {
    limit: "shareByEmail, and answerers: the addresses of one send",
    check: async (org, plan) => {
      const shared = await makeSharedSurvey(db.owner, org.tenant.id);
      // The invitations a send queues are counted, then removed: hundreds left queued in the shared
      // database would hold up another file's invitation job (it takes the oldest 200 a pass).
      const send = async (n: number) => {
        const answer = await org.caller.surveyShare.send({
          key: shared.share.key,
          emails: emails(n),
          language: "en",
        });
        await db.owner
          .delete(schema.surveyShareInvitations)
          .where(eq(schema.surveyShareInvitations.shareId, shared.share.id));
        return answer;
      };
      const cap = ANSWERERS[plan];
      if (plan === "FREE") {
        expect(await refusalOf(send(1))).toEqual(planRequired("shareByEmail"));
        return;
      }
      if (cap !== null) {
        expect(await refusalOf(send(cap + 1))).toEqual({ key: "max_recipients_reached", details: { cap } });
        expect((await send(cap)).invitations).toHaveLength(cap);
        return;
      }
      expect((await send(OVER_PRO)).invitations).toHaveLength(OVER_PRO);
    },
  },
  {
    limit: "combinedAnalyses: teams of one share (maxTeamsPerShare)",
    check: async (org, plan) => {
      const shared = await makeSharedSurvey(db.owner, org.tenant.id);
      const other = await org.caller.team.create({ name: "Tuotanto", type: "PERSONNEL" });
      const share = (teams: string[]) =>
        org.caller.surveyShare.create({
          name: `Share of ${teams.length}`,
          surveyKey: shared.survey.key,
          teams,
        });
      expect((await share([other.key])).teams).toHaveLength(1);
      const both = share([shared.team.key, other.key]);
      if (plan === "FREE") expect(await refusalOf(both)).toEqual(planRequired("combinedAnalyses", 1));
      else expect((await both).teams).toHaveLength(2);
    },
  },
  {
    limit: "maxSelectedShares: shares in one report (selected_share_free_warning)",
    check: async (org, plan) => {
      const survey = await answeredSurvey(db.db, db.owner, org.tenant.id, { answers: [1, 1] });
      const keys = survey.shares.map((s) => s.key);
      expect((await org.caller.report.options()).maxSelectedShares).toBe(plan === "FREE" ? 1 : null);
      const one = await org.caller.report.byShares({ keys: keys[0] ?? "" });
      expect(one.personnel?.shares).toHaveLength(1);
      const both = () => org.caller.report.byShares({ keys: keys.join(",") });
      // A survey's key selects all its shares.
      const whole = () => org.caller.report.bySurveys({ keys: survey.key });
      if (plan === "FREE") {
        const refused = { key: "selected_share_free_warning", details: {} };
        expect(await refusalOf(both())).toEqual(refused);
        expect(await refusalOf(whole())).toEqual(refused);
      } else {
        expect((await both()).personnel?.shares).toHaveLength(2);
        expect((await whole()).personnel?.shares).toHaveLength(2);
      }
    },
  },
  {
    limit: "reportHeatmap: the report's heatmap (left out on FREE)",
    check: async (org, plan) => {
      const survey = await answeredSurvey(db.db, db.owner, org.tenant.id, {
        type: "MANAGEMENT",
        answers: [1],
      });
      const available = plan !== "FREE";
      const report = await org.caller.report.bySurveys({ keys: survey.key });
      expect([(await org.caller.report.options()).heatmap, report.heatmapAvailable]).toEqual([
        available,
        available,
      ]);
      if (available) expect(report.management?.heatmap?.columns).toHaveLength(1);
      else expect(report.management?.heatmap).toBeNull();
    },
  },
  {
    limit: "fullDashboard: the comparison with the survey before (left out on FREE)",
    check: async (org, plan) => {
      const answered = (daysAgo: number) =>
        answeredSurvey(db.db, db.owner, org.tenant.id, {
          type: "MANAGEMENT",
          answers: [1],
          endsAt: new Date(Date.now() - daysAgo * DAY),
        });
      const earlier = await answered(2);
      const latest = await answered(1);
      const dashboard = await org.caller.dashboard.survey();
      expect(dashboard.management?.survey.key).toBe(latest.key);
      expect(dashboard.comparisonAvailable).toBe(plan !== "FREE");
      expect(dashboard.management?.previous?.survey.key ?? null).toBe(plan === "FREE" ? null : earlier.key);
    },
  },
  {
    limit: "brandedDashboard: the brand colour (TOTAL only)",
    check: async (org, plan) => {
      const available = plan === "TOTAL";
      expect((await org.caller.tenant.branding()).available).toBe(available);
      const set = org.caller.tenant.setBranding({ color: "#336699" });
      if (available) expect((await set).color).toBe("#336699");
      else expect(await refusalOf(set)).toEqual(planRequired("brandedDashboard"));
      expect((await org.caller.tenant.branding()).color).toBe(available ? "#336699" : null);
    },
  },
  {
    limit: "ownTasks: a task of the organisation's own",
    check: async (org, plan) => {
      const own = org.caller.task.create({ name: "Quieter break room", category: "work_ability" });
      if (plan === "FREE") expect(await refusalOf(own)).toEqual(planRequired("ownTasks"));
      else expect((await own).name).toBe("Quieter break room");
      expect(await org.caller.task.list()).toHaveLength(plan === "FREE" ? 0 : 1);
    },
  },
  {
    limit: "suggestedTasks: tasks made from suggestions (5 on FREE)",
    check: async (org, plan) => {
      const cap = { FREE: 5, PRO: null, TOTAL: null }[plan];
      const { suggestions, limit } = await org.caller.task.suggestions({
        types: ["personnel_help", "management_help", "report"],
      });
      expect(limit).toBe(cap);
      for (const suggestion of suggestions.slice(0, 5))
        await org.caller.task.create({ staticTaskId: suggestion.id });
      const sixth = org.caller.task.create({ staticTaskId: suggestions[5]?.id ?? "" });
      if (cap !== null) expect(await refusalOf(sixth)).toEqual(planRequired("suggestedTasks", cap));
      else expect((await sixth).staticTaskId).toBe(suggestions[5]?.id);
      expect((await org.caller.task.suggestions()).used).toBe(cap ?? 6);
    },
  },
  {
    limit: "apiKeys: the organisation's API keys",
    check: async (org, plan) => {
      const create = org.caller.apiKey.create({
        name: "Integration",
        expireAt: apiKeyDefaultExpiry(),
        termsAccepted: true,
      });
      if (plan === "FREE") {
        expect(await refusalOf(create)).toEqual(planRequired("apiKeys"));
        expect(await refusalOf(org.caller.apiKey.list())).toEqual(planRequired("apiKeys"));
        return;
      }
      const made = await create;
      expect((await org.caller.apiKey.list()).map((k) => k.publicKey)).toEqual([made.publicKey]);
    },
  },
  {
    limit: "webhooks: the organisation's webhook endpoints",
    check: async (org, plan) => {
      const create = org.caller.webhook.create({ url: "https://8.8.8.8/kunto", events: ["task.created"] });
      if (plan === "FREE") {
        expect(await refusalOf(create)).toEqual(planRequired("webhooks"));
        expect(await refusalOf(org.caller.webhook.list())).toEqual(planRequired("webhooks"));
        return;
      }
      const made = await create;
      expect((await org.caller.webhook.list()).map((e) => e.id)).toEqual([made.id]);
    },
  },
];

describe.each(LIMITS)("issue 21: $limit", ({ check }) => {
  it.each(STATES)("$label → $effective", async (state) => {
    await check(await stateOf(state), state.effective);
  });
});
