// The open-model load generator of `pnpm bench load` (issue 24): requests leave at fixed
// inter-arrival times whatever the server answers, each timed from the moment it was scheduled to
// leave (so a slow server cannot slow the generator down and hide its own queue: no coordinated
// omission). Plain node:http with keep-alive, the cheapest client on the machine the server shares.
import { Agent, request } from "node:http";
import { percentile } from "../support";

/** One HTTP call an operation makes. */
export interface Call {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A kind of request in the mix, its share of the rate and how to make its next call. */
export interface Operation {
  name: string;
  share: number;
  next: () => Call;
}

export interface OperationFigures {
  name: string;
  /** Calls scheduled (answered, failed and dropped). */
  count: number;
  p50: number;
  p95: number;
  p99: number;
  /** Non-2xx answers, network errors, time-outs and calls dropped at the in-flight cap. */
  errors: number;
  /** What the errors were: HTTP status, error code, "timeout" or "dropped". */
  kinds: Record<string, number>;
  /** The first failed answer's body, cut short, to say why. */
  sample?: string;
}

export interface RunFigures {
  rate: number;
  seconds: number;
  nodes: number;
  operations: OperationFigures[];
  all: OperationFigures;
  /** How late the generator itself sent its calls (p99, ms): large means the generator was starved. */
  lateP99: number;
}

export interface RunOptions {
  /** Calls per second, all operations together. */
  rate: number;
  seconds: number;
  /** Base URLs of the nodes; calls go round robin. */
  targets: string[];
  operations: Operation[];
  /** Calls in flight at most; a call due while this many are out is dropped (an error). */
  maxInFlight: number;
  timeoutMs: number;
}

const agents = new Map<string, Agent>();
const agentOf = (host: string) => {
  let agent = agents.get(host);
  if (!agent) {
    // Idle sockets closed well before the server's 5 s keep-alive: none is reused as the server
    // closes it (an ECONNRESET that would be the client's doing, not the server's).
    agent = new Agent({ keepAlive: true, timeout: 3000, maxSockets: Number.POSITIVE_INFINITY });
    agents.set(host, agent);
  }
  return agent;
};

/** Sends one call; answers its status, or a string naming the failure. */
function send(
  base: string,
  call: Call,
  timeoutMs: number,
): Promise<{ status: number | string; body?: string }> {
  const url = new URL(call.path, base);
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: call.method,
        agent: agentOf(url.host),
        headers: call.body
          ? { ...call.headers, "content-length": String(Buffer.byteLength(call.body)) }
          : call.headers,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const failed = status >= 400;
        let body = "";
        res.on("data", (chunk: Buffer) => {
          if (failed && body.length < 300) body += chunk.toString();
        });
        res.on("end", () => resolve(failed ? { status, body } : { status }));
        res.on("error", (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? "error" }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error("timeout"), { code: "timeout" })));
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? "error" }));
    req.end(call.body);
  });
}

/**
 * The operations in their shares, interleaved evenly (smooth weighted round robin): every window of
 * calls holds each operation in proportion, so short runs still carry the whole mix.
 */
function picker(operations: Operation[]): () => number {
  const total = operations.reduce((sum, op) => sum + op.share, 0);
  const credit = operations.map(() => 0);
  return () => {
    let best = 0;
    for (const [i, op] of operations.entries()) {
      credit[i] = (credit[i] ?? 0) + op.share;
      if ((credit[i] ?? 0) > (credit[best] ?? 0)) best = i;
    }
    credit[best] = (credit[best] ?? 0) - total;
    return best;
  };
}

function figures(
  name: string,
  count: number,
  times: number[],
  kinds: Record<string, number>,
  sample?: string,
): OperationFigures {
  const errors = Object.values(kinds).reduce((a, b) => a + b, 0);
  return {
    name,
    count,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors,
    kinds,
    ...(sample ? { sample } : {}),
  };
}

/** Runs the mix at `rate` calls per second for `seconds`, then waits for the last answers. */
export async function runAtRate(options: RunOptions): Promise<RunFigures> {
  const { rate, seconds, targets, operations, maxInFlight, timeoutMs } = options;
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const pick = picker(operations);
  const times = operations.map((): number[] => []);
  const counts = operations.map(() => 0);
  const kinds = operations.map((): Record<string, number> => ({}));
  const samples: (string | undefined)[] = operations.map(() => undefined);
  const late: number[] = [];
  const pending = new Set<Promise<void>>();
  const fail = (op: number, kind: string) => {
    const k = kinds[op] as Record<string, number>;
    k[kind] = (k[kind] ?? 0) + 1;
  };
  const fire = (i: number, due: number) => {
    const op = pick();
    counts[op] = (counts[op] ?? 0) + 1;
    late.push(performance.now() - due);
    if (pending.size >= maxInFlight) return fail(op, "dropped");
    const target = targets[i % targets.length] as string;
    const call = (operations[op] as Operation).next();
    const done: Promise<void> = send(target, call, timeoutMs).then(({ status, body }) => {
      pending.delete(done);
      if (typeof status === "number" && status < 400) times[op]?.push(performance.now() - due);
      else {
        fail(op, String(status));
        samples[op] ??= body?.slice(0, 200);
      }
    });
    pending.add(done);
  };
  const start = performance.now() + 20;
  await new Promise<void>((resolve) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      while (i < total && start + i * interval <= now) {
        fire(i, start + i * interval);
        i++;
      }
      if (i >= total) resolve();
      else setTimeout(tick, Math.max(0, start + i * interval - performance.now()));
    };
    tick();
  });
  while (pending.size > 0) await Promise.all([...pending]);
  const perOperation = operations.map((op, i) =>
    figures(op.name, counts[i] ?? 0, times[i] ?? [], kinds[i] ?? {}, samples[i]),
  );
  const allKinds: Record<string, number> = {};
  for (const k of kinds)
    for (const [kind, n] of Object.entries(k)) allKinds[kind] = (allKinds[kind] ?? 0) + n;
  return {
    rate,
    seconds,
    nodes: targets.length,
    operations: perOperation,
    all: figures("all", total, times.flat(), allKinds),
    lateP99: percentile(late, 99),
  };
}

/** A latency for the tables: one decimal, "-" when there was none. */
export const ms = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(1)).padStart(8);

export const TABLE_HEADER = `${"nodes".padEnd(6)}${"rate/s".padStart(7)}   ${"operation".padEnd(12)}${"count".padStart(7)}${"p50 ms".padStart(8)}${"p95 ms".padStart(8)}${"p99 ms".padStart(8)}${"errors".padStart(8)}`;

/** The run's rows of the table: one per operation, then all of them together. */
export function printRun(run: RunFigures, label = "") {
  for (const op of [...run.operations, run.all]) {
    console.log(
      `${String(run.nodes).padEnd(6)}${run.rate.toFixed(0).padStart(7)}   ${op.name.padEnd(12)}${String(op.count).padStart(7)}${ms(op.p50)}${ms(op.p95)}${ms(op.p99)}${String(op.errors).padStart(8)}${op.name === "all" ? label : ""}`,
    );
  }
  for (const op of run.operations)
    if (op.errors > 0)
      console.log(
        `        ${op.name}: ${JSON.stringify(op.kinds)}${op.sample ? ` e.g. ${op.sample.replace(/\s+/g, " ")}` : ""}`,
      );
  if (run.lateP99 > 20)
    console.log(`        the generator sent its calls late by up to ${run.lateP99.toFixed(0)} ms (p99)`);
}
