// HTTP benchmark on loopback: the account's users over tRPC and over REST against a bare Hono
// route that runs the same SQL in the same kind of transaction, then sign-in capacity and what
// happens past it. Starts its own server (embedded PostgreSQL in a temporary folder).
import autocannon from "autocannon";
import { startServer } from "./server";
import { type Figures, figuresOf, signInDemo } from "./support";

const port = Number(process.env.BENCH_PORT ?? 3290);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/** The platform admin of the benchmark's own database: the sign-in load signs in as them. */
const ADMIN_PASSWORD = "bench admin passphrase 2026";

async function load(options: autocannon.Options): Promise<Figures> {
  return figuresOf(await autocannon({ connections: 10, duration: seconds, ...options }));
}

const line = (name: string, f: Figures, extra = "") =>
  console.log(
    `${name.padEnd(28)} ${f.rps.toFixed(0).padStart(7)} req/s   p99 ${String(f.p99).padStart(4)} ms   non-2xx ${f.non2xx}${extra}`,
  );

async function main() {
  const server = await startServer(port, {
    SIGNIN_ADDRESS_LIMIT: "1000000",
    ADMIN_PASSWORD,
  });
  try {
    const { cookie, tenantId, userId } = await signInDemo(base);
    const headers = { cookie, "x-tenant-id": tenantId };
    const targets = [
      {
        name: "bare Hono route",
        url: `${base}/__bench/tenant-users`,
        headers: { ...headers, "x-bench-user": userId },
      },
      { name: "tRPC tenant.users", url: `${base}/trpc/tenant.users`, headers },
      { name: "REST GET /api/tenant/user", url: `${base}/api/tenant/user`, headers },
    ];
    for (const target of targets) await load({ ...target, duration: 1 });
    // Rounds interleave the three so that machine noise (2 cores shared with the load generator
    // and PostgreSQL) falls on all of them alike; the median round is reported.
    const rounds: Figures[][] = [[], [], []];
    for (let round = 0; round < 3; round++) {
      for (const [i, target] of targets.entries())
        rounds[i]?.push(await load({ url: target.url, headers: target.headers }));
    }
    const median = (runs: Figures[] | undefined) => {
      const sorted = [...(runs ?? [])].sort((a, b) => a.rps - b.rps);
      const mid = sorted[Math.floor(sorted.length / 2)];
      if (!mid) throw new Error("no runs");
      return mid;
    };
    const [bare, trpc, rest] = [median(rounds[0]), median(rounds[1]), median(rounds[2])];
    console.log(
      `Tenant read: the account's users (same SQL, same transaction and tenant setting; median of 3 rounds of ${seconds} s)`,
    );
    line("bare Hono route", bare);
    line("tRPC tenant.users", trpc, `   ratio ${(trpc.rps / bare.rps).toFixed(2)}x`);
    line("REST GET /api/tenant/user", rest, `   ratio ${(rest.rps / bare.rps).toFixed(2)}x`);

    // The check memory survives public traffic (issue 7): the same read while public writes run
    // beside it (sign-out calls without a session: writes that change nobody's access).
    const publicWrites = () =>
      load({
        url: `${base}/trpc/auth.signOut`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
        connections: 2,
      });
    const underWrites: Figures[][] = [[], []];
    for (let round = 0; round < 3; round++) {
      for (const [i, target] of targets.slice(0, 2).entries()) {
        const [read] = await Promise.all([
          load({ url: target.url, headers: target.headers }),
          publicWrites(),
        ]);
        underWrites[i]?.push(read);
      }
    }
    const [bareWrites, trpcWrites] = [median(underWrites[0]), median(underWrites[1])];
    console.log("Tenant read while public writes run beside it (2 connections of auth.signOut)");
    line("bare Hono route", bareWrites);
    line("tRPC tenant.users", trpcWrites, `   ratio ${(trpcWrites.rps / bareWrites.rps).toFixed(2)}x`);

    const body = JSON.stringify({ username: "admin@kunto.local", password: ADMIN_PASSWORD });
    const signInLoad = (connections: number) =>
      load({
        url: `${base}/trpc/auth.signIn`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        connections,
      });
    console.log("Sign-in (argon2id, at most 2 hashes at once, 16 waiting)");
    const light = await signInLoad(2);
    line("sign-in, 2 connections", light, `   statuses ${JSON.stringify(light.statuses)}`);
    const heavy = await signInLoad(64);
    line("sign-in, 64 connections", heavy, `   statuses ${JSON.stringify(heavy.statuses)}`);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
