import { schema, withScope } from "@kunto/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { shareStates } from "../../../../packages/api/src/reports/release";
import { asOwner, connect, makeTenant } from "../support/harness";
import { answeredSurvey } from "../support/reports";

/**
 * Two readers releasing the same shares in opposite orders (the dashboard takes a fresh
 * organisation's personnel survey, then its management survey; the survey list takes shares in name
 * order; a first page asks both at once) do not deadlock: a share being
 * written by one is waited for by the other, which then reads it. Before, one of them failed with a
 * deadlock (internal_error on the first dashboard of a new demo sandbox).
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
    let bFirstReturned = false;
    const released = (states: Awaited<ReturnType<typeof shareStates>>) =>
      states.map((s) => s.released.respondents);
    /** B is on its way: its first call has returned, or it waits for a lock A holds. */
    const bUnderWay = async () => {
      for (;;) {
        if (bFirstReturned) return;
        const [waiting] = await db.owner.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_locks where not granted`,
        );
        if ((waiting?.n ?? 0) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    // A releases the personnel share; B then releases the management share and the personnel one;
    // A, still open, then wants the management share. Row locks alone made that a deadlock.
    const a = withScope(db.db, scope, async (tx) => {
      const first = released(await shareStates(tx, [personnel.surveyId]));
      aHasPersonnel.fire();
      await bUnderWay();
      return [first, released(await shareStates(tx, [management.surveyId]))];
    });
    const b = withScope(db.db, scope, async (tx) => {
      await aHasPersonnel.fired;
      const first = released(await shareStates(tx, [management.surveyId]));
      bFirstReturned = true;
      return [first, released(await shareStates(tx, [personnel.surveyId]))];
    });
    const [aSaw, bSaw] = await Promise.all([a, b]);
    // B waited for A's commit and read its releases: everyone saw all six answers of each.
    expect(aSaw).toEqual([[6], [6]]);
    expect(bSaw).toEqual([[6], [6]]);
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
