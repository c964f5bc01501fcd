// Load at a fixed arrival rate (issue 24; docs/performance.md "Load at a fixed arrival rate"): an
// open model, not closed loops. A mix of respondents submitting answers, admins reading the reports
// overview and the task board, and staff voting on tasks is sent at a set rate whatever the server
// answers, each call timed from when it was due. First the rate one node sustains (a short step
// search, or BENCH_LOAD_RATE), then 50 %, 100 % and 150 % of it on one node and on two nodes sharing
// one PostgreSQL (round robin in the client); then, with BENCH_LOAD_SOAK_SECONDS, a soak at 100 %
// that prints the nodes' memory and the database's size per answer every minute.
import { cpus } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { residentBytes, startCluster } from "./load/cluster";
import { operations, prepareOrg, surveyQuestions } from "./load/fixtures";
import { ms, printRun, type RunFigures, runAtRate, TABLE_HEADER } from "./load/generator";

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of 0 or more`);
  return value;
}

/** BENCH_LOAD_MIX, e.g. "submit=60,vote=25,report=10,board=5": each operation's share of the rate. */
function mix(text: string): Record<string, number> {
  const shares: Record<string, number> = {};
  for (const part of text.split(",")) {
    const [name = "", share = ""] = part.split("=").map((s) => s.trim());
    if (!["submit", "vote", "report", "board"].includes(name) || !(Number(share) >= 0))
      throw new Error(`BENCH_LOAD_MIX: "${part}" is not submit|vote|report|board=<share>`);
    shares[name] = Number(share);
  }
  if (!Object.values(shares).some((share) => share > 0))
    throw new Error("BENCH_LOAD_MIX: no operation has a share");
  return shares;
}

const port = setting("BENCH_LOAD_PORT", 3298);
const seconds = setting("BENCH_LOAD_SECONDS", 20);
const probeSeconds = setting("BENCH_LOAD_PROBE_SECONDS", 8);
const fixedRate = setting("BENCH_LOAD_RATE", 0);
const startRate = setting("BENCH_LOAD_START_RATE", 25);
const sloMs = setting("BENCH_LOAD_SLO_MS", 250);
const soakSeconds = setting("BENCH_LOAD_SOAK_SECONDS", 0);
const soakNodes = Math.min(2, Math.max(1, setting("BENCH_LOAD_SOAK_NODES", 1)));
const soakEvery = setting("BENCH_LOAD_SOAK_EVERY", 60);
const orgCount = setting("BENCH_LOAD_ORGS", 2);
const addresses = setting("BENCH_LOAD_ADDRESSES", 256);
const maxInFlight = setting("BENCH_LOAD_MAX_IN_FLIGHT", 1000);
const timeoutMs = setting("BENCH_LOAD_TIMEOUT_MS", 10_000);
const shares = mix(process.env.BENCH_LOAD_MIX ?? "submit=60,vote=25,report=10,board=5");
const volumes = {
  shares: setting("BENCH_LOAD_SHARES", 10),
  respondents: setting("BENCH_LOAD_RESPONDENTS", 10_000),
  tasks: setting("BENCH_LOAD_TASKS", 2_000),
  votes: setting("BENCH_LOAD_VOTES", 50_000),
};
const appUrl = `http://localhost:${port}`;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** What "sustains" means: every operation's p95 within BENCH_LOAD_SLO_MS and at most 1 % errors. */
const sustains = (run: RunFigures) =>
  run.operations.every((op) => op.errors <= op.count * 0.01 && !(op.p95 > sloMs));

async function main() {
  console.log(
    `Load at a fixed arrival rate (open model): ${cpus().length} cores shared by the load generator, the nodes and PostgreSQL (${cpus()[0]?.model.trim()}); figures are noisy when anything else runs.`,
  );
  console.log(
    `Mix ${JSON.stringify(shares)}; ${orgCount} organisations, each ${volumes.shares} shares taking answers, a report of ${volumes.respondents.toLocaleString("en")} answers, ${volumes.tasks.toLocaleString("en")} tasks with ${volumes.votes.toLocaleString("en")} votes; ${addresses} client addresses; latency from each call's due time; sustained = every operation p95 ≤ ${sloMs} ms and ≤ 1 % errors.`,
  );
  const cluster = await startCluster(appUrl, {
    DEMO_SANDBOX_LIMIT: "1000",
    DEMO_SANDBOX_CAP: "1000",
    RESPONSE_ADDRESS_LIMIT: "100000000",
    TASK_VOTE_ADDRESS_LIMIT: "100000000",
    TRUST_PROXY: "1",
  });
  try {
    const first = await cluster.addNode(port);
    const made = performance.now();
    const orgs = [];
    for (let i = 0; i < orgCount; i++) orgs.push(await prepareOrg(first.base, appUrl, volumes));
    const firstOrg = orgs[0];
    if (!firstOrg) throw new Error("BENCH_LOAD_ORGS must be 1 or more");
    const questions = await surveyQuestions(first.base, firstOrg.links[0] ?? "");
    const ops = operations(orgs, questions, shares, addresses);
    console.log(
      `Fixtures made in ${((performance.now() - made) / 1000).toFixed(0)} s; ${questions.length} answers per submission.`,
    );
    const at = (rate: number, duration: number, nodes: number) =>
      runAtRate({
        rate,
        seconds: duration,
        targets: cluster.nodes.slice(0, nodes).map((n) => n.base),
        operations: ops,
        maxInFlight,
        timeoutMs,
      });
    await at(Math.min(startRate, 20), 3, 1); // warm-up: JIT, connection pools, plans

    const rate = fixedRate || (await findRate((r) => at(r, probeSeconds, 1)));
    await cluster.addNode(port + 1);
    await at(Math.min(startRate, 20), 3, 2);
    // One node and two alternate, so that noise on the shared machine falls on both alike.
    console.log(`Runs of ${seconds} s at 50, 100 and 150 %, one node then two, in turn:`);
    const runs: { run: RunFigures; percent: number }[] = [];
    for (const percent of [50, 100, 150])
      for (const nodes of [1, 2]) {
        await sleep(2000);
        const run = await at((rate * percent) / 100, seconds, nodes);
        runs.push({ run, percent });
        console.log(
          `  ${nodes} node(s) at ${run.rate.toFixed(0)}/s: p95 ${run.all.p95.toFixed(1)} ms, errors ${run.all.errors}`,
        );
      }
    console.log(
      `\nOne node sustains ${rate.toFixed(0)} calls/s${fixedRate ? " (BENCH_LOAD_RATE)" : ""}; runs of ${seconds} s; latency in ms from each call's due time:`,
    );
    console.log(TABLE_HEADER);
    for (const nodes of [1, 2])
      for (const { run, percent } of runs) if (run.nodes === nodes) printRun(run, `   (${percent} %)`);
    if (soakSeconds > 0) await soak(rate, at, cluster);
  } finally {
    await cluster.stop();
  }
}

/**
 * Doubles the rate until one node stops sustaining it, then halves the gap until it is within 15 %;
 * then probes the rate found once more, 15 % lower each time it fails (a probe that passed in a quiet
 * moment of a shared machine is not taken on its word).
 */
async function findRate(probe: (rate: number) => Promise<RunFigures>): Promise<number> {
  console.log(`Finding the rate one node sustains (probes of ${probeSeconds} s):`);
  const tryRate = async (rate: number, note = "") => {
    const run = await probe(rate);
    const ok = sustains(run);
    const worst = run.operations.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.log(
      `  ${rate.toFixed(0).padStart(5)}/s  ${ok ? "sustained" : "too much "}  worst p95 ${worst.p95.toFixed(1)} ms (${worst.name}), errors ${run.all.errors}${note}`,
    );
    await sleep(2000);
    return ok;
  };
  let good = 0;
  let bad = Number.POSITIVE_INFINITY;
  let rate = startRate;
  for (let step = 0; step < 12 && rate >= 1; step++) {
    if (await tryRate(rate)) good = rate;
    else bad = rate;
    if (bad === Number.POSITIVE_INFINITY) rate *= 2;
    else if (good === 0) rate /= 2;
    else if (bad / good <= 1.15) break;
    else rate = Math.round((good + bad) / 2);
  }
  for (let again = 0; again < 4 && good >= 1 && !(await tryRate(good, "   (again)")); again++)
    good = Math.round(good * 0.85);
  if (good < 1) throw new Error("one node sustains not even 1 call/s: see the probes above");
  return good;
}

/**
 * At 100 % for BENCH_LOAD_SOAK_SECONDS: every BENCH_LOAD_SOAK_EVERY seconds (a minute) the latency,
 * every node's memory (RSS), the database's size per answer and per answer added since the last line.
 */
async function soak(
  rate: number,
  at: (rate: number, duration: number, nodes: number) => Promise<RunFigures>,
  cluster: Awaited<ReturnType<typeof startCluster>>,
) {
  console.log(
    `\nSoak at ${rate.toFixed(0)} calls/s on ${soakNodes} node(s) for ${soakSeconds} s, a line every ${soakEvery} s:`,
  );
  console.log(
    "  step   calls  p50 ms  p95 ms  p99 ms  errors   RSS MB per node   db MB   answers  kB/answer  kB/new answer",
  );
  let last = await cluster.databaseSize();
  for (let done = 0, step = 1; done < soakSeconds; step++) {
    const chunk = Math.min(soakEvery || 60, soakSeconds - done);
    const run = await at(rate, chunk, soakNodes);
    done += chunk;
    const size = await cluster.databaseSize();
    const rss = cluster.nodes.map((n) => mb(residentBytes(n.pid))).join(" / ");
    const perAnswer = size.bytes / Math.max(1, size.answers) / 1024;
    const perNew = (size.bytes - last.bytes) / Math.max(1, size.answers - last.answers) / 1024;
    last = size;
    console.log(
      `${String(step).padStart(6)}${String(run.all.count).padStart(8)}${ms(run.all.p50)}${ms(run.all.p95)}${ms(run.all.p99)}${String(run.all.errors).padStart(8)}   ${rss.padEnd(16)}${mb(size.bytes).padStart(7)}${String(size.answers).padStart(10)}${perAnswer.toFixed(2).padStart(11)}${perNew.toFixed(2).padStart(15)}`,
    );
    if (run.all.errors > 0) console.log(`        errors: ${JSON.stringify(run.all.kinds)}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
