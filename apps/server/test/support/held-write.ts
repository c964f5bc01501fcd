import { SYSTEM_ROLE } from "@kunto/db";
import type { TransactionSql } from "postgres";
import type { connect } from "./harness";

type Connection = ReturnType<typeof connect>;

/**
 * A write that is not committed yet while a request runs: `write` runs in an open owner transaction
 * (as the system role, like the factories), then `request` starts; the transaction commits once some
 * backend waits for a lock (pg_stat_activity), or after `patienceMs` when nothing waits. So the
 * request meets, deterministically, a write in flight that commits while it waits: a submission
 * stored under a delete, a task marked DONE under a vote.
 */
export async function duringUncommittedWrite<T>(
  connection: Connection,
  write: (tx: TransactionSql) => Promise<unknown>,
  request: () => Promise<T>,
  patienceMs = 3000,
): Promise<{ result: T; waited: boolean }> {
  const started: { request?: Promise<T>; waited: boolean } = { waited: false };
  await connection.ownerSql.begin(async (tx) => {
    await tx.unsafe(`set local role ${SYSTEM_ROLE}`);
    await write(tx);
    started.request = request();
    // Keep a rejection from going unhandled while we poll; it is awaited below.
    started.request.catch(() => {});
    for (const since = Date.now(); Date.now() - since < patienceMs; ) {
      const [row] = await connection.ownerSql<{ n: number }[]>`
        select count(*)::int as n from pg_stat_activity
        where wait_event_type = 'Lock' and datname = current_database()`;
      if ((row?.n ?? 0) > 0) {
        started.waited = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  if (!started.request) throw new Error("the request did not start");
  return { result: await started.request, waited: started.waited };
}
