import { randomBytes, randomUUID } from "node:crypto";
import { generatePublicKey, generateToken } from "@kunto/auth";
import { addDays, dayEnd, dayOf, dayStart, SURVEY_TIME_ZONE } from "@kunto/core";
import { schema, type Tx } from "@kunto/db";
import { DEMO_TENANT } from "@kunto/db/seed";
import { scoreRespondent, type TemplateQuestion } from "@kunto/engine";
import { and, desc, eq, isNull } from "drizzle-orm";
import {
  type LoadedTemplate,
  loadTemplate,
  type ResponseRow,
  storeResponse,
  validateAnswers,
} from "../responses/responses";

/**
 * The demo's surveys (issue 7): teams of both types, an ended personnel and management pair, the
 * same pair about six months earlier (trends), and a personnel survey still running, all with
 * answers stored through the respondent page's own code (`validateAnswers`, `storeResponse`): one
 * row per respondent and the engine's aggregates per (share, team). Dates are relative to the
 * seeding time; the answers come from a seeded generator, so every database gets the same numbers.
 */

type Language = "en" | "fi" | "ee" | "ru" | "pl";
type SurveyType = "PERSONNEL" | "MANAGEMENT";
type Leaf =
  | "organization"
  | "processes"
  | "cooperation"
  | "work_ability"
  | "know_how"
  | "motivation"
  | "leadership"
  | "culture_direction"
  | "culture_autonomy"
  | "economy_customers";

interface TeamDef {
  urlSafeName: string;
  name: string;
  type: SurveyType;
  description: string;
  recipients: number;
  /** How this team tends to answer per category, 0..1 (0.5: neither agrees nor disagrees). */
  tendency: Record<Leaf, number>;
  languages: Array<[Language, number]>;
}

const TEAMS: TeamDef[] = [
  {
    urlSafeName: "production",
    name: "Production",
    type: "PERSONNEL",
    description: "Machining, welding and assembly in two shifts",
    recipients: 36,
    tendency: {
      organization: 0.58,
      processes: 0.46,
      cooperation: 0.67,
      work_ability: 0.52,
      know_how: 0.72,
      motivation: 0.6,
      leadership: 0.5,
      culture_direction: 0.56,
      culture_autonomy: 0.4,
      economy_customers: 0.5,
    },
    languages: [
      ["fi", 0.7],
      ["ee", 0.1],
      ["ru", 0.1],
      ["pl", 0.1],
    ],
  },
  {
    urlSafeName: "logistics",
    name: "Logistics",
    type: "PERSONNEL",
    description: "Warehouse, shipping and receiving",
    recipients: 12,
    tendency: {
      organization: 0.5,
      processes: 0.38,
      cooperation: 0.6,
      work_ability: 0.47,
      know_how: 0.64,
      motivation: 0.52,
      leadership: 0.43,
      culture_direction: 0.47,
      culture_autonomy: 0.47,
      economy_customers: 0.5,
    },
    languages: [
      ["fi", 0.6],
      ["ee", 0.2],
      ["ru", 0.2],
    ],
  },
  {
    urlSafeName: "office",
    name: "Office",
    type: "PERSONNEL",
    description: "Sales, purchasing, finance and HR",
    recipients: 14,
    tendency: {
      organization: 0.66,
      processes: 0.6,
      cooperation: 0.71,
      work_ability: 0.62,
      know_how: 0.74,
      motivation: 0.68,
      leadership: 0.64,
      culture_direction: 0.69,
      culture_autonomy: 0.66,
      economy_customers: 0.5,
    },
    languages: [
      ["fi", 0.7],
      ["en", 0.3],
    ],
  },
  {
    urlSafeName: "management-team",
    name: "Management team",
    type: "MANAGEMENT",
    description: "Managing director and the heads of production, logistics, sales and finance",
    recipients: 7,
    tendency: {
      organization: 0.74,
      processes: 0.64,
      cooperation: 0.78,
      work_ability: 0.69,
      know_how: 0.8,
      motivation: 0.82,
      leadership: 0.73,
      culture_direction: 0.79,
      culture_autonomy: 0.7,
      economy_customers: 0.66,
    },
    languages: [
      ["fi", 0.85],
      ["en", 0.15],
    ],
  },
];

interface SurveyDef {
  /** Fixed per survey: the generator's seed. */
  seed: number;
  type: SurveyType;
  title: string;
  /** Days from the seeding day to the first and the last day of the survey. */
  startDay: number;
  endDay: number;
  notifications: "DAILY" | "WEEKLY";
  /** Added to every team's tendency: the organisation's trend between surveys. */
  shift: Partial<Record<Leaf, number>>;
  /** `answerers`: the share's estimated answerers when not the whole team. */
  shares: Array<{ name: string; team: string; answers: number; answerers?: number }>;
}

/**
 * The ended personnel survey has one share below the anonymity threshold (the night shift's own
 * link), so the demo shows a suppressed selection; every other share passes it.
 */
export const DEMO_SURVEYS: SurveyDef[] = [
  {
    seed: 71_001,
    type: "PERSONNEL",
    title: "Personnel survey",
    startDay: -190,
    endDay: -177,
    notifications: "WEEKLY",
    shift: { processes: -0.07, leadership: -0.06, motivation: -0.03, culture_autonomy: -0.04 },
    shares: [
      { name: "Production", team: "production", answers: 22 },
      { name: "Logistics", team: "logistics", answers: 8 },
      { name: "Office", team: "office", answers: 10 },
    ],
  },
  {
    seed: 71_002,
    type: "MANAGEMENT",
    title: "Management survey",
    startDay: -190,
    endDay: -181,
    notifications: "WEEKLY",
    shift: { processes: -0.05, economy_customers: -0.04 },
    shares: [{ name: "Management team", team: "management-team", answers: 6 }],
  },
  {
    seed: 71_003,
    type: "PERSONNEL",
    title: "Personnel survey",
    startDay: -30,
    endDay: -17,
    notifications: "DAILY",
    shift: {},
    shares: [
      { name: "Production", team: "production", answers: 26 },
      { name: "Production night shift", team: "production", answers: 3, answerers: 8 },
      { name: "Logistics", team: "logistics", answers: 9 },
      { name: "Office", team: "office", answers: 11 },
    ],
  },
  {
    seed: 71_004,
    type: "MANAGEMENT",
    title: "Management survey",
    startDay: -30,
    endDay: -21,
    notifications: "DAILY",
    shift: {},
    shares: [{ name: "Management team", team: "management-team", answers: 7 }],
  },
  {
    seed: 71_005,
    type: "PERSONNEL",
    title: "Personnel follow-up",
    startDay: -4,
    endDay: 9,
    notifications: "DAILY",
    shift: { processes: 0.03, leadership: 0.02 },
    shares: [
      { name: "Production", team: "production", answers: 7 },
      { name: "Logistics", team: "logistics", answers: 5 },
      { name: "Office", team: "office", answers: 6 },
    ],
  },
];

/** mulberry32: small, fast and the same everywhere. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const normal = (sd: number) => {
    const u = 1 - next();
    const v = next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v) * sd;
  };
  const pick = <T>(weighted: Array<[T, number]>): T => {
    let r = next() * weighted.reduce((sum, [, w]) => sum + w, 0);
    for (const [item, w] of weighted) {
      r -= w;
      if (r <= 0) return item;
    }
    return (weighted[weighted.length - 1] as [T, number])[0];
  };
  return { next, normal, pick };
}

// biome-ignore format: a list of names
const FIRST_NAMES = [
  "Aino", "Eero", "Helmi", "Juha", "Kaisa", "Lauri", "Minna", "Niko", "Oona", "Pekka", "Riikka", "Sami",
  "Tiina", "Ville", "Elina", "Janne", "Katja", "Marko", "Noora", "Petri", "Sanna", "Timo", "Veera", "Antti",
  "Jaana", "Kari", "Laura", "Mika", "Paula", "Teemu", "Kristjan", "Liis", "Andrei", "Natalia", "Tomasz", "Agnieszka",
];
// biome-ignore format: a list of names
const LAST_NAMES = [
  "Mäkinen", "Nieminen", "Mäkelä", "Hämäläinen", "Laine", "Heikkinen", "Koskinen", "Järvinen", "Lehtonen",
  "Lehtinen", "Saarinen", "Salminen", "Heinonen", "Niemi", "Heikkilä", "Kinnunen", "Salonen", "Turunen",
  "Salo", "Laitinen", "Tuominen", "Rantanen", "Karjalainen", "Jokinen", "Mattila", "Savolainen", "Lahtinen",
  "Ahonen", "Saar", "Kask", "Smirnov", "Kowalski",
];

const ascii = (name: string) =>
  name.toLowerCase().replaceAll("ä", "a").replaceAll("ö", "o").replaceAll("å", "a");

/** The team's default recipients: plausible addresses on the reserved aurora.example domain. */
function recipientsOf(team: TeamDef, random: ReturnType<typeof generator>, taken: Set<string>): string[] {
  const addresses: string[] = [];
  if (team.type === "MANAGEMENT") {
    // The managing director and a head of function are the demo's own people.
    for (const known of ["anna.virtanen@aurora.example", "mikko.korhonen@aurora.example"]) {
      taken.add(known);
      addresses.push(known);
    }
  }
  while (addresses.length < team.recipients) {
    const first = FIRST_NAMES[Math.floor(random.next() * FIRST_NAMES.length)] ?? "Aino";
    const last = LAST_NAMES[Math.floor(random.next() * LAST_NAMES.length)] ?? "Laine";
    const address = `${ascii(first)}.${ascii(last)}@aurora.example`;
    if (taken.has(address)) continue;
    taken.add(address);
    addresses.push(address);
  }
  return addresses;
}

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** One respondent's answers, as the respondent page would send them: every question answered. */
function answersOf(
  questions: readonly TemplateQuestion[],
  tendency: Record<Leaf, number>,
  shift: Partial<Record<Leaf, number>>,
  questionBias: Map<string, number>,
  random: ReturnType<typeof generator>,
): Record<string, number> {
  const personal = random.normal(0.1);
  const answers: Record<string, number> = {};
  for (const question of questions) {
    if (question.type === "GROUP") continue;
    const leaf = (question.category ?? "organization") as Leaf;
    const level = clamp(
      (tendency[leaf] ?? 0.5) +
        (shift[leaf] ?? 0) +
        (questionBias.get(question.key) ?? 0) +
        personal +
        random.normal(0.14),
    );
    if (question.type === "SLIDER") {
      const step = question.step ?? 1;
      const steps = Math.floor((question.max - question.min) / step);
      answers[question.key] = question.min + Math.round(level * steps) * step;
    } else {
      const values = question.choices.map((c) => c.value).sort((a, b) => a - b);
      answers[question.key] = values[Math.round(level * (values.length - 1))] ?? values[0] ?? 0;
    }
  }
  return answers;
}

const DAY_MS = 86_400_000;

async function activeTemplate(tx: Tx, type: SurveyType) {
  const [template] = await tx
    .select({ id: schema.surveyTemplates.id })
    .from(schema.surveyTemplates)
    .where(and(eq(schema.surveyTemplates.type, type), eq(schema.surveyTemplates.active, true)))
    .orderBy(desc(schema.surveyTemplates.version), desc(schema.surveyTemplates.createdAt))
    .limit(1);
  return template ?? null;
}

/**
 * Seeds the demo organisation's teams, surveys, shares, responses and aggregates, once: an
 * organisation that already has a survey is left alone, so this runs on a new database and on an
 * existing one seeded before surveys existed. Runs in the seed's system-role transaction.
 */
export async function seedDemoSurveys(
  tx: Tx,
  now = new Date(),
): Promise<{ created: boolean; responses: number }> {
  const [tenant] = await tx
    .select({ id: schema.tenants.id })
    .from(schema.tenants)
    .where(
      and(
        eq(schema.tenants.name, DEMO_TENANT.name),
        eq(schema.tenants.isDemo, true),
        isNull(schema.tenants.sandboxId),
      ),
    );
  if (!tenant) return { created: false, responses: 0 };
  const [existing] = await tx
    .select({ id: schema.surveys.id })
    .from(schema.surveys)
    .where(eq(schema.surveys.tenantId, tenant.id))
    .limit(1);
  if (existing) return { created: false, responses: 0 };

  const templates = new Map<SurveyType, LoadedTemplate>();
  for (const type of ["PERSONNEL", "MANAGEMENT"] as const) {
    const template = await activeTemplate(tx, type);
    if (!template) return { created: false, responses: 0 };
    templates.set(type, await loadTemplate(tx, template.id));
  }
  const [creator] = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.email, "anna.virtanen@aurora.example"), isNull(schema.users.sandboxId)));

  // Teams and their recipients; a team the organisation already has (by its link name) is kept.
  const teamIds = new Map<string, string>();
  const random = generator(70_000);
  const taken = new Set<string>();
  for (const def of TEAMS) {
    const [found] = await tx
      .select({ id: schema.teams.id })
      .from(schema.teams)
      .where(and(eq(schema.teams.tenantId, tenant.id), eq(schema.teams.urlSafeName, def.urlSafeName)));
    let teamId = found?.id;
    if (!teamId) {
      const [row] = await tx
        .insert(schema.teams)
        .values({
          tenantId: tenant.id,
          key: generatePublicKey(),
          name: def.name,
          type: def.type,
          description: def.description,
          urlSafeName: def.urlSafeName,
        })
        .returning({ id: schema.teams.id });
      teamId = row?.id;
    }
    if (!teamId) throw new Error(`demo team ${def.name} not created`);
    teamIds.set(def.urlSafeName, teamId);
    await tx
      .insert(schema.teamAnswerers)
      .values(recipientsOf(def, random, taken).map((email) => ({ tenantId: tenant.id, teamId, email })))
      .onConflictDoNothing();
  }

  // Survey days are Helsinki days (issue 19.8): 00:00:00 to 23:59:59 there, not UTC midnight.
  const today = dayOf(now);
  let total = 0;
  for (const def of DEMO_SURVEYS) {
    const template = templates.get(def.type);
    if (!template) continue;
    const surveyRandom = generator(def.seed);
    const firstDay = addDays(today, def.startDay);
    const startsAt = dayStart(firstDay);
    const endsAt = dayEnd(addDays(today, def.endDay));
    const month = startsAt.toLocaleString("en-GB", {
      month: "long",
      year: "numeric",
      timeZone: SURVEY_TIME_ZONE,
    });
    const teamsOfSurvey = TEAMS.filter((t) => def.shares.some((s) => s.team === t.urlSafeName));
    const [survey] = await tx
      .insert(schema.surveys)
      .values({
        tenantId: tenant.id,
        key: generatePublicKey(),
        name: `${def.title} ${month}`,
        type: def.type,
        templateId: template.id,
        startsAt,
        endsAt,
        notifications: def.notifications,
        estimatedAnswerers: teamsOfSurvey.reduce((sum, t) => sum + t.recipients, 0),
        createdByUserId: creator?.id ?? null,
        createdAt: new Date(startsAt.getTime() - 3 * DAY_MS),
      })
      .returning({ id: schema.surveys.id });
    if (!survey) throw new Error("demo survey not created");

    // Each question leans a little its own way, the same in every team.
    const questionBias = new Map(
      template.engineQuestions.map((q) => [q.key, surveyRandom.normal(0.06)] as [string, number]),
    );
    // Answers arrive on the days the survey has run so far, most in its first days.
    const lastDay = Math.min(def.endDay, 0);
    const days = lastDay - def.startDay + 1;
    const responses: Array<ResponseRow & { answers: Record<string, number> }> = [];
    for (const share of def.shares) {
      const team = TEAMS.find((t) => t.urlSafeName === share.team);
      const teamId = teamIds.get(share.team);
      if (!team || !teamId) continue;
      const [row] = await tx
        .insert(schema.surveyShares)
        .values({
          tenantId: tenant.id,
          surveyId: survey.id,
          key: generateToken(),
          name: share.name,
          answerers: share.answerers ?? team.recipients,
          createdAt: new Date(startsAt.getTime() - 2 * DAY_MS),
        })
        .returning({ id: schema.surveyShares.id });
      if (!row) throw new Error("demo share not created");
      await tx.insert(schema.surveyShareTeams).values({ tenantId: tenant.id, shareId: row.id, teamId });
      for (let i = 0; i < share.answers; i++) {
        const day = Math.floor(days * surveyRandom.next() ** 1.6);
        const submittedOn = addDays(firstDay, day);
        responses.push({
          tenantId: tenant.id,
          surveyId: survey.id,
          shareId: row.id,
          teamId,
          submissionId: randomUUID(),
          browserTokenHash: randomBytes(32).toString("hex"),
          language: surveyRandom.pick(team.languages),
          answers: answersOf(template.engineQuestions, team.tendency, def.shift, questionBias, surveyRandom),
          submittedOn,
        });
      }
    }
    // In the order they arrived, so the survey's day of latest answer ends on the last one. A seed
    // has no concurrent writers: every answer goes to stripe 0.
    responses.sort((a, b) => a.submittedOn.localeCompare(b.submittedOn));
    for (const response of responses) {
      const contributions = scoreRespondent(template.prepared, validateAnswers(template, response.answers));
      if (!(await storeResponse(tx, response, 0, contributions, true)))
        throw new Error("demo response not stored");
    }
    total += responses.length;
  }
  return { created: true, responses: total };
}
