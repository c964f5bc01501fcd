import {
  FINANCIAL_CURRENCIES,
  FINANCIAL_FETCH_STATUSES,
  KPI_KEYS,
  type KpiKey,
  ZDunsInput,
  ZIdentitySearchInput,
} from "@kunto/core";
import { z } from "zod";
import { router, withPlan } from "../trpc";
import * as financials from "./financials";
import { fitnessAgainstMoney } from "./fitness-money";

/**
 * Financials (document 3 §2, §7; issue 23; docs/decisions.md "Financials"): PRO and TOTAL
 * organisations (403 `plan_required`, feature `financials`, on FREE). Every member reads and starts
 * a fetch; the D-U-N-S search and saving are the tenant admin's (`financials.write`).
 */
const tags = ["financial"];
const nullableNumber = z.number().nullable();
const ZStatement = z.object({
  financialStatementToDate: z.iso.date(),
  currency: z.enum(FINANCIAL_CURRENCIES),
  ...(Object.fromEntries(KPI_KEYS.map((k) => [k, nullableNumber])) as Record<KpiKey, typeof nullableNumber>),
});
const ZFetchState = z.object({
  status: z.enum(FINANCIAL_FETCH_STATUSES).meta({
    description:
      "`idle`: never fetched; `queued`: waiting for a job process; `running`: being fetched (see `progress`); `done`; `failed` (see `errorKey`).",
  }),
  progress: z.number().int().min(0).max(100),
  errorKey: z.string().nullable().meta({
    description: "When failed: `financial_fetch_failed`, `financials_not_configured` or `duns_missing`.",
  }),
  requestedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
});
const ZOverview = z.object({
  configured: z.boolean().meta({
    description: "Whether this server has a financial data provider (DNB_CLIENT_ID / DNB_CLIENT_SECRET).",
  }),
  dunsNumber: z.string().nullable(),
  statements: z
    .array(ZStatement)
    .meta({ description: "Oldest first. Percent values are fractions (0.25 = 25 %)." }),
  surveyYears: z.array(z.number().int()).meta({
    description: "The years the organisation's surveys started in, for the years rule of the screen.",
  }),
  fetch: ZFetchState,
});
const ZMatch = z.object({
  duns: z.string(),
  primaryName: z.string(),
  primaryAddress: z.object({
    streetAddress: z.object({ line1: z.string().nullable(), line2: z.string().nullable() }),
    addressRegion: z
      .object({ name: z.string().nullable(), abbreviatedName: z.string().nullable() })
      .nullable(),
    postalCode: z.string().nullable(),
    addressLocality: z.object({ name: z.string().nullable() }),
    addressCountry: z.object({ name: z.string().nullable() }),
  }),
  registrationNumbers: z.array(z.object({ registrationNumber: z.string() })),
  displaySequence: z.number().int(),
});
const percent = z.number().nullable();
const ZFitnessMoney = z.strictObject({
  fitness: z
    .array(
      z.strictObject({
        surveyKey: z.string(),
        name: z.string().nullable(),
        end: z.iso.datetime().meta({ description: "The survey's end: the point's place on the time axis." }),
        overall: z.number().min(0).max(100),
        efficiency: percent,
        capability: percent,
        leadership: percent,
      }),
    )
    .meta({
      description:
        "The Company Fitness Index (overall and its areas, 0–100, unrounded) of every started personnel survey whose results are shown, oldest end first. A survey withheld by the anonymity threshold, or without released answers, has no point.",
    }),
  kpis: z
    .array(
      z.strictObject({
        financialStatementToDate: z.iso.date(),
        revenueGrowth: percent.meta({
          description:
            "Sales revenue against the previous statement's, in percent; null for the first statement.",
        }),
        ebitdaPercent: percent,
        equityRatio: percent,
      }),
    )
    .meta({
      description:
        "Per statement, oldest first. In percent (12.5 = 12.5 %), unlike `GET /tenant/financial`'s fractions.",
    }),
});
const PLAN = "PRO and TOTAL organisations (403 `plan_required`, feature `financials`).";

export const financialRouter = router({
  get: withPlan("financials.read", "financials")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/financial",
        tags,
        summary: "Financial statements and the fetch's state",
        description: `${PLAN} Without a provider configured, \`configured\` is false and nothing can be fetched.`,
      },
    })
    .input(z.object({}).optional())
    .output(ZOverview)
    .query(({ ctx }) => financials.overview(ctx.tx, ctx.tenant.id, ctx.config)),
  fitness: withPlan("financials.read", "financials")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/financial/fitness",
        tags,
        summary: "The Company Fitness Index set against KPIs over time",
        description: `${PLAN} The fitness index and its areas per personnel survey and revenue growth, EBITDA % and equity ratio per statement, on one time axis: they show co-movement, not cause. Personnel numbers below the organisation's anonymity threshold are withheld (no point), as on the dashboard.`,
      },
    })
    .input(z.object({}).optional())
    .output(ZFitnessMoney)
    .query(({ ctx }) => fitnessAgainstMoney(ctx.tx, ctx.tenant.id)),
  fetch: withPlan("financials.read", "financials")
    .meta({
      openapi: {
        method: "GET",
        path: "/tenant/financial/fetch",
        tags,
        summary: "Fetch the statements from the provider (queued, answers at once)",
        description: `${PLAN} Queues a background fetch and answers 200 with its state at once (\`queued\`, or \`running\` when one is already under way: never a second one). Poll \`GET /tenant/financial\` for progress. 409 \`financials_not_configured\` without a provider, 409 \`duns_missing\` without a D-U-N-S number.`,
      },
    })
    .input(z.object({}).optional())
    .output(ZFetchState)
    .query(({ ctx }) => financials.requestFetch(ctx.tx, ctx.tenant.id, ctx.user.id || null, ctx.config)),
  identitySearch: withPlan("financials.write", "financials")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/dnbidentity",
        tags,
        summary: "Search the D-U-N-S number (identity resolution)",
        description: `${PLAN} Tenant admins. Matches best first; none: 404 \`duns_no_search_results\`; the provider failing: 503 \`tenants.duns_search_error\`; no provider: 409 \`financials_not_configured\`.`,
      },
    })
    .input(ZIdentitySearchInput)
    .output(z.array(ZMatch))
    .mutation(({ ctx, input }) => financials.searchIdentity(ctx.config, input)),
  saveDuns: withPlan("financials.write", "financials")
    .meta({
      openapi: {
        method: "POST",
        path: "/tenant/financial/duns",
        tags,
        summary: "Save the organisation's D-U-N-S number",
        description: `${PLAN} Tenant admins. Exactly nine digits (400 \`invalid_duns\`); locked once set (400 \`duns_locked\`; the same number again is no change).`,
      },
    })
    .input(ZDunsInput)
    .output(z.object({ dunsNumber: z.string() }))
    .mutation(({ ctx, input }) => financials.saveDuns(ctx.tx, ctx.tenant.id, input.dunsNumber)),
});
