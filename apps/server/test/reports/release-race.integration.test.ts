import { schema, withScope } from "@kunto/db";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { shareStates } from "../../../../packages/api/src/reports/release";
import { asOwner, connect, makeTenant } from "../support/harness";
import { answeredSurvey } from "../support/reports";

/**
 * Two readers releasing the same shares in opposite orders (the dashboard takes a fresh
 * organisation's personnel survey, then its management survey; the survey list takes shares in name
 * order; a first page asks both at once) neither wait for each other nor deadlock: a share being
 * released by one is read as committed by the other. Before, one of them failed with a deadlock
 * (internal_error on the first dashboard of a new demo sandbox).
 */
const db = connect();
afterAll(() => db.close());

function signal() {
  let fire = () => {};
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
}

describe("releasing answers from two readers at once", () => {
  it("lets two transactions release two shares in opposite orders without a deadlock", async () => {
    const tenant = await makeTenant(db.owner, { plan: "PRO" });
    const personnel = await answeredSurvey(db.db, db.owner, tenant.id, { answers: [6], running: true });
    const management = await answeredSurvey(db.db, db.owner, tenant.id, {
      type: "MANAGEMENT",
      answers: [6],
      running: true,
    });
    const scope = { userId: null, tenantId: tenant.id };
    const aHasPersonnel = signal();
    const bHasManagement = signal();
    const released = (states: Awaited<ReturnType<typeof shareStates>>) =>
      states.map((s) => s.released.respondents);

    const a = withScope(db.db, scope, async (tx) => {
      const first = released(await shareStates(tx, [personnel.surveyId]));
      aHasPersonnel.fire();
      await bHasManagement.fired;
      return [first, released(await shareStates(tx, [management.surveyId]))];
    });
    const b = withScope(db.db, scope, async (tx) => {
      await aHasPersonnel.fired;
      const first = released(await shareStates(tx, [management.surveyId]));
      bHasManagement.fire();
      return [first, released(await shareStates(tx, [personnel.surveyId]))];
    });
    const [aSaw, bSaw] = await Promise.all([a, b]);
    // Each released its first share; the other's, written but not yet committed, it read as before.
    expect(aSaw).toEqual([[6], [0]]);
    expect(bSaw).toEqual([[6], [0]]);
    // Both committed: every later reader sees both releases.
    const stored = await asOwner(db.owner, (tx) =>
      tx
        .select({ released: schema.surveyShares.releasedAggregates })
        .from(schema.surveyShares)
        .where(eq(schema.surveyShares.tenantId, tenant.id)),
    );
    expect(stored.map((row) => (row.released as { respondents: number }).respondents)).toEqual([6, 6]);
  });
});
