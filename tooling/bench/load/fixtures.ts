// What the load benchmark's mix works on, made through the benchmark's fixture routes
// (apps/server/bench: /__bench/survey, /__bench/report-survey, /__bench/tasks) and the public API,
// and the operations of the mix: respondents submitting, admins reading the reports overview and
// the task board, staff voting on the public voting page.
import { randomBytes, randomUUID } from "node:crypto";
import { answersOf, clientAddress, type Question as SurveyQuestion } from "../support";
import type { Operation } from "./generator";

export interface Org {
  cookie: string;
  tenantId: string;
  /** Share links (`{shareKey}/{team}`) of a running survey that takes the submissions. */
  links: string[];
  /** An ended survey with stored answers, the admins' report. */
  reportKey: string;
  /** Tasks open for votes. */
  openTasks: string[];
}

type Question = SurveyQuestion & { type: string };

export interface Volumes {
  shares: number;
  respondents: number;
  tasks: number;
  votes: number;
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** A demo sandbox's admin (issue 6.6) with its "Aurora Components" organisation filled in. */
export async function prepareOrg(base: string, origin: string, volumes: Volumes): Promise<Org> {
  const demo = await fetch(`${base}/api/public/demo`, { method: "POST" });
  const cookie = (demo.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const me = await json<{ tenants: Array<{ id: string; name: string }> }>(
    await fetch(`${base}/api/user`, { headers: { cookie } }),
    "user",
  );
  const tenant = me.tenants.find((t) => t.name.startsWith("Aurora Components")) ?? me.tenants[0];
  if (!tenant) throw new Error("demo tenant missing");
  const headers = { cookie, "x-tenant-id": tenant.id, "content-type": "application/json", origin };
  const post = <T>(path: string, body: object) =>
    fetch(`${base}${path}`, { method: "POST", headers, body: JSON.stringify(body) }).then((r) =>
      json<T>(r, path),
    );
  // First: it lifts the organisation's plan to TOTAL, so no respondent cap stops the submissions.
  const { links } = await post<{ links: string[] }>("/__bench/survey", { shares: volumes.shares });
  const { surveyKey } = await post<{ surveyKey: string }>("/__bench/report-survey", {
    shares: 10,
    respondents: volumes.respondents,
  });
  await post("/__bench/tasks", { tasks: volumes.tasks, votes: volumes.votes });
  const voting = await json<{ tasks: Array<{ id: string; status: string | null }> }>(
    await fetch(`${base}/api/shared/taskvoting/tasks?tenantId=${tenant.id}&lang=en`),
    "voting page",
  );
  const openTasks = voting.tasks.filter((t) => t.status === null).map((t) => t.id);
  return { cookie, tenantId: tenant.id, links, reportKey: surveyKey, openTasks };
}

/** The questions a respondent answers (the running survey's page, groups left out). */
export async function surveyQuestions(base: string, link: string): Promise<Question[]> {
  const page = await json<{ state: string; questions: Question[] }>(
    await fetch(`${base}/api/public/survey/${link}?lang=fi`),
    "survey page",
  );
  if (page.state !== "running") throw new Error(`the load survey is ${page.state}`);
  return page.questions.filter((q) => q.type !== "GROUP");
}

const pickOne = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/**
 * The mix. Respondents and voters come from `addresses` client addresses (X-Forwarded-For, the
 * nodes trust one proxy as behind a load balancer), so the per-address counters are many rows, as
 * from many offices, rather than one hot row of the loopback address.
 */
export function operations(
  orgs: Org[],
  questions: Question[],
  shares: Record<string, number>,
  addresses: number,
): Operation[] {
  const address = () => clientAddress(addresses);
  const admin = (org: Org) => ({ cookie: org.cookie, "x-tenant-id": org.tenantId });
  const all: Operation[] = [
    {
      name: "submit",
      share: shares.submit ?? 0,
      next: () => ({
        method: "POST",
        path: `/api/public/survey/${pickOne(pickOne(orgs).links)}/response`,
        headers: { "content-type": "application/json", "x-forwarded-for": address() },
        body: JSON.stringify({
          submissionId: randomUUID(),
          browserToken: randomBytes(24).toString("base64url"),
          language: "fi",
          answers: answersOf(questions),
        }),
      }),
    },
    {
      name: "vote",
      share: shares.vote ?? 0,
      next: () => {
        const org = pickOne(orgs);
        return {
          method: "POST",
          path: "/api/shared/taskvoting",
          headers: { "content-type": "application/json", "x-forwarded-for": address() },
          body: JSON.stringify({
            tenantId: org.tenantId,
            taskId: pickOne(org.openTasks),
            session: randomBytes(18).toString("base64url"),
          }),
        };
      },
    },
    {
      name: "report",
      share: shares.report ?? 0,
      next: () => {
        const org = pickOne(orgs);
        return { method: "GET", path: `/api/tenant/survey/reports/${org.reportKey}`, headers: admin(org) };
      },
    },
    {
      name: "board",
      share: shares.board ?? 0,
      next: () => {
        const org = pickOne(orgs);
        return { method: "GET", path: "/api/tenant/task", headers: admin(org) };
      },
    },
  ];
  return all.filter((op) => op.share > 0);
}
