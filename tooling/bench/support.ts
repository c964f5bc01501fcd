// What the benchmarks share: percentiles, random answers to a survey's questions, the demo's
// sign-in and the submission rate.
import { randomBytes, randomUUID } from "node:crypto";
import autocannon from "autocannon";

/** The p-th percentile (nearest rank) of `values`; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** A question as the public survey page answers it (the fields answering needs). */
export type Question = {
  key: string;
  slider: { min: number; max: number; step: number } | null;
  choices: { value: number }[] | null;
};

/** A random valid answer to every slider and choice question. */
export function answersOf(questions: Question[]): Record<string, number> {
  const answers: Record<string, number> = {};
  for (const q of questions) {
    if (q.slider) {
      const steps = Math.round((q.slider.max - q.slider.min) / q.slider.step);
      answers[q.key] = q.slider.min + Math.floor(Math.random() * (steps + 1)) * q.slider.step;
    } else if (q.choices?.length) {
      answers[q.key] = (q.choices[Math.floor(Math.random() * q.choices.length)] as { value: number }).value;
    }
  }
  return answers;
}

/**
 * "Try the demo" on a running server: the visitor's session cookie and their sandbox's "Aurora
 * Components" organisation (the benchmarks' fixtures go there).
 */
export async function signInDemo(
  base: string,
): Promise<{ cookie: string; tenantId: string; userId: string }> {
  const response = await fetch(`${base}/api/public/demo`, { method: "POST" });
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const me = (await (await fetch(`${base}/api/user`, { headers: { cookie } })).json()) as {
    id: string;
    tenants: Array<{ id: string; name: string }>;
  };
  const tenant = me.tenants.find((t) => t.name.startsWith("Aurora Components")) ?? me.tenants[0];
  if (!tenant) throw new Error("demo tenant missing");
  return { cookie, tenantId: tenant.id, userId: me.id };
}

/** One of `count` client addresses (10.x.y.z), at random. */
export function clientAddress(count: number): string {
  const n = Math.floor(Math.random() * count);
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Submissions per second with autocannon (a closed loop of `connections` clients). */
export interface Figures {
  rps: number;
  /** Requests answered in the run. */
  total: number;
  p99: number;
  non2xx: number;
  statuses: Record<string, number>;
}

export async function submissions(
  url: string,
  questions: Question[],
  duration: number,
  connections: number,
  /**
   * Respondents from this many client addresses (`X-Forwarded-For`, for a server started with
   * TRUST_PROXY=1), as an office's staff or the public answer; 0: every call from loopback.
   */
  addresses = 0,
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...request.headers,
            ...(addresses > 0 ? { "x-forwarded-for": clientAddress(addresses) } : {}),
          },
          body: JSON.stringify({
            submissionId: randomUUID(),
            browserToken: randomBytes(24).toString("base64url"),
            language: "fi",
            answers: answersOf(questions),
          }),
        }),
      },
    ],
  });
  return figuresOf(result);
}

/** An autocannon run's requests per second, p99, non-2xx answers and the count per status. */
export function figuresOf(result: autocannon.Result): Figures {
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, (v as { count: number }).count]),
    ),
  };
}
