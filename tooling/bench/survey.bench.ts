// Survey answers at volume (issue 7, GUIDE.md "Answers at volume"), on loopback against the real
// server (embedded PostgreSQL in a temporary folder):
// - public submissions per second with the full default personnel template (every question
//   answered), p99, next to a bare Hono route that inserts the same response row in the same kind of
//   transaction (share by key, then its tenant) with no validation, scoring or aggregates;
// - the survey calculation from stored aggregates for 100,000 responses over 10 shares, p95, and the
//   same at 1,000.
import autocannon from "autocannon";
import { startServer } from "./server";
import { type Figures, figuresOf, percentile, type Question, signInDemo, submissions } from "./support";

const port = 3292;
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function makeSurvey(
  headers: Record<string, string>,
  shares: number,
  respondents: number,
): Promise<{ surveyKey: string; links: string[] }> {
  const response = await fetch(`${base}/__bench/survey`, {
    method: "POST",
    // A cookie-carrying write must name the server's own origin (CSRF guard).
    headers: { ...headers, "content-type": "application/json", origin: `http://localhost:${port}` },
    body: JSON.stringify({ shares, respondents }),
  });
  if (!response.ok) throw new Error(`bench survey: ${response.status} ${await response.text()}`);
  return (await response.json()) as { surveyKey: string; links: string[] };
}

async function load(options: autocannon.Options): Promise<Figures> {
  return figuresOf(await autocannon(options));
}

const line = (name: string, f: Figures, extra = "") =>
  console.log(
    `${name.padEnd(34)} ${f.rps.toFixed(0).padStart(6)} req/s   p99 ${String(f.p99).padStart(4)} ms   non-2xx ${f.non2xx}${extra}`,
  );

async function calculation(headers: Record<string, string>, surveyKey: string, runs: number) {
  const url = `${base}/api/tenant/survey/${surveyKey}/calculation`;
  const times: number[] = [];
  let answers = 0;
  for (let i = 0; i < runs + 10; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as { metadata?: { answers: number } };
    if (!response.ok) throw new Error(`calculation: ${response.status} ${JSON.stringify(body)}`);
    if (i >= 10) times.push(performance.now() - start);
    answers = body.metadata?.answers ?? 0;
  }
  return { answers, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  // Submissions come from one address into one share: lift that limit (RESPONSE_ADDRESS_LIMIT, README).
  const server = await startServer(port, { DEMO_SANDBOX_LIMIT: "1000", RESPONSE_ADDRESS_LIMIT: "100000000" });
  try {
    const { cookie, tenantId, userId } = await signInDemo(base);
    const headers = { cookie, "x-tenant-id": tenantId, "x-bench-user": userId };

    // Submissions: one share per contender, so both insert into fresh tables of the same shape.
    const full = await makeSurvey(headers, 3, 0);
    const [publicLink, bareLink, serviceLink] = full.links as [string, string, string];
    const page = (await (await fetch(`${base}/api/public/survey/${publicLink}?lang=fi`)).json()) as {
      state: string;
      questions: (Question & { type: string })[];
    };
    if (page.state !== "running") throw new Error(`the bench survey is ${page.state} (a capped plan?)`);
    const questions = page.questions.filter((q) => q.type !== "GROUP");
    const targets = [
      { name: "bare insert route", url: `${base}/__bench/survey-response/${bareLink}` },
      { name: "public submission (REST)", url: `${base}/api/public/survey/${publicLink}/response` },
      { name: "the service without REST", url: `${base}/__bench/submit/${serviceLink}` },
    ];
    for (const target of targets) await submissions(target.url, questions, 1, connections);
    const rounds: Figures[][] = targets.map(() => []);
    for (let round = 0; round < 3; round++)
      for (const [i, target] of targets.entries())
        rounds[i]?.push(await submissions(target.url, questions, seconds, connections));
    const median = (runs: Figures[] | undefined) => {
      const sorted = [...(runs ?? [])].sort((a, b) => a.rps - b.rps);
      const mid = sorted[Math.floor(sorted.length / 2)];
      if (!mid) throw new Error("no runs");
      return mid;
    };
    const [bare, submit, service] = rounds.map(median) as [Figures, Figures, Figures];
    console.log(
      `Submissions: the default personnel template, ${questions.length} answers each, ${connections} connections (median of 3 rounds of ${seconds} s)`,
    );
    line("bare insert route", bare);
    line("public submission (REST)", submit, `   ratio ${(submit.rps / bare.rps).toFixed(2)}x`);
    if (submit.non2xx) console.log(`   statuses ${JSON.stringify(submit.statuses)}`);
    line("the service without REST", service, `   ratio ${(service.rps / bare.rps).toFixed(2)}x`);

    // The foundation's tenant read ratio (tRPC over the bare route, same SQL) again, each read
    // measured while public submissions run beside it on the same server.
    const reads = [
      { name: "bare Hono route", url: `${base}/__bench/tenant-users` },
      { name: "tRPC tenant.users", url: `${base}/trpc/tenant.users` },
    ];
    const readRounds: Figures[][] = reads.map(() => []);
    const submitUrl = `${base}/api/public/survey/${publicLink}/response`;
    for (let round = 0; round < 3; round++)
      for (const [i, read] of reads.entries()) {
        const [figures] = await Promise.all([
          load({ url: read.url, headers, connections: 5, duration: seconds }),
          submissions(submitUrl, questions, seconds, 5),
        ]);
        readRounds[i]?.push(figures);
      }
    const [bareRead, trpcRead] = readRounds.map(median) as [Figures, Figures];
    console.log(`Tenant read while submissions run (5 + 5 connections, median of 3 rounds of ${seconds} s)`);
    line("bare Hono route", bareRead);
    line("tRPC tenant.users", trpcRead, `   ratio ${(trpcRead.rps / bareRead.rps).toFixed(2)}x`);

    console.log("Survey calculation from stored aggregates (GET .../calculation, one client, 100 calls)");
    for (const respondents of [1_000, 100_000]) {
      const survey = await makeSurvey(headers, 10, respondents);
      const figures = await calculation(headers, survey.surveyKey, 100);
      console.log(
        `${`${respondents.toLocaleString("en")} responses, 10 shares`.padEnd(34)} p50 ${figures.p50.toFixed(1).padStart(5)} ms   p95 ${figures.p95.toFixed(1).padStart(5)} ms   (answers ${figures.answers})`,
      );
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
