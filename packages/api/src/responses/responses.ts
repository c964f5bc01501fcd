import { createHash } from "node:crypto";
import { countingWith, type RateCheck, tooManyRequests } from "@kunto/auth";
import {
  AppError,
  effectivePlan,
  PLAN_LIMITS,
  type Plan,
  type SubscriptionStatus,
  dayOf as surveyDayOf,
} from "@kunto/core";
import { type Db, loadTemplateQuestions, type SliderScale, schema, type Tx } from "@kunto/db";
import {
  addRespondent,
  DEFAULT_CATEGORY_TREE,
  emptyAggregates,
  type PreparedTemplate,
  prepareTemplate,
  type RawAnswers,
  scoreRespondent,
  type TemplateQuestion,
} from "@kunto/engine";
import { and, eq, inArray, sql } from "drizzle-orm";

/**
 * The respondent page's two calls (issue 7, GUIDE.md "Answers at volume"): what the page shows for
 * a public link, and one submission. Each statement reaches the share by its key (policy
 * `survey_shares_by_key`) and then its tenant, for its own transaction; neither call reads a session
 * nor the per-process check memory.
 */

export const RESPONDENT_LANGUAGES = ["en", "fi", "ee", "ru", "pl"] as const;
export type RespondentLanguage = (typeof RESPONDENT_LANGUAGES)[number];

export type SurveyState = "upcoming" | "running" | "ended" | "full";

/** One question of a template as the respondent page needs it (no report wording). */
export interface TemplateQuestionRow {
  key: string;
  type: "GROUP" | "SLIDER" | "CHOICE_SINGLE";
  group: string | null;
  category: string | null;
  titleTid: string;
  contentTid: string | null;
  slider: SliderScale | null;
  choices: { key: string; value: number; nameTid: string }[] | null;
}

/** A template as answered: its rows, the engine's prepared form, and choice values by key. */
export interface LoadedTemplate {
  id: string;
  type: "PERSONNEL" | "MANAGEMENT";
  startTid: string;
  welcome: boolean;
  autojump: boolean;
  questions: TemplateQuestionRow[];
  engineQuestions: TemplateQuestion[];
  prepared: PreparedTemplate;
  /** For each scorable question: slider bounds, or choice value -> choice key. */
  rules: Map<
    string,
    { kind: "slider"; min: number; max: number; step: number } | { kind: "choice"; keys: Map<number, string> }
  >;
}

/**
 * Templates never change under a survey (edits make a new version), so a template is loaded and
 * prepared once per process and kept by id.
 */
const templates = new Map<string, Promise<LoadedTemplate>>();

export function loadTemplate(tx: Tx | Db, templateId: string): Promise<LoadedTemplate> {
  let loaded = templates.get(templateId);
  if (!loaded) {
    loaded = readTemplate(tx, templateId);
    templates.set(templateId, loaded);
    loaded.catch(() => templates.delete(templateId));
  }
  return loaded;
}

async function readTemplate(tx: Tx | Db, templateId: string): Promise<LoadedTemplate> {
  const [template] = await tx
    .select()
    .from(schema.surveyTemplates)
    .where(eq(schema.surveyTemplates.id, templateId));
  if (!template) throw new AppError("not_found");
  const questions: TemplateQuestionRow[] = [];
  const engineQuestions: TemplateQuestion[] = [];
  const rules: LoadedTemplate["rules"] = new Map();
  for (const q of await loadTemplateQuestions(tx, templateId)) {
    const choices = q.type === "CHOICE_SINGLE" ? q.choices : null;
    questions.push({
      key: q.key,
      type: q.type,
      group: q.groupKey,
      category: q.category,
      titleTid: q.titleTid,
      contentTid: q.contentTid,
      slider: q.slider,
      choices: choices?.map((c) => ({ key: c.key, value: c.value, nameTid: c.nameTid })) ?? null,
    });
    if (q.type === "GROUP") engineQuestions.push({ key: q.key, type: "GROUP", category: q.category });
    else if (q.slider) {
      const { min, max, step } = q.slider;
      engineQuestions.push({ key: q.key, type: "SLIDER", category: q.category, min, max, step });
      rules.set(q.key, { kind: "slider", min, max, step });
    } else {
      const list = choices ?? [];
      engineQuestions.push({
        key: q.key,
        type: "CHOICE_SINGLE",
        category: q.category,
        choices: list.map((c) => ({ key: c.key, value: c.value })),
      });
      rules.set(q.key, { kind: "choice", keys: new Map(list.map((c) => [c.value, c.key])) });
    }
  }
  return {
    id: template.id,
    type: template.type,
    startTid: template.startTid,
    welcome: template.welcome,
    autojump: template.autojump,
    questions,
    engineQuestions,
    prepared: prepareTemplate(DEFAULT_CATEGORY_TREE, engineQuestions),
    rules,
  };
}

/** Texts of the given tids in one language, English where that language has none. */
export async function textsFor(tx: Tx, tids: string[], language: RespondentLanguage) {
  const rows = tids.length
    ? await tx
        .select()
        .from(schema.translations)
        .where(
          and(
            inArray(schema.translations.tid, tids),
            inArray(schema.translations.language, language === "en" ? ["en"] : [language, "en"]),
          ),
        )
    : [];
  const texts = new Map<string, string>();
  for (const row of rows) if (row.language === "en" && !texts.has(row.tid)) texts.set(row.tid, row.text);
  for (const row of rows)
    if (row.language === language && row.text.trim() !== "") texts.set(row.tid, row.text);
  return (tid: string | null) => (tid === null ? null : (texts.get(tid) ?? ""));
}

interface ShareContext {
  shareId: string;
  tenantId: string;
  surveyId: string;
  surveyType: "PERSONNEL" | "MANAGEMENT";
  templateId: string;
  startsAt: Date;
  endsAt: Date;
  teamId: string | null;
  teamName: string | null;
  plan: Plan;
  subscriptionStatus: SubscriptionStatus | null;
  paymentGraceUntil: Date | null;
  latestAnswerOn: string | null;
  /** The stored response of the submission id asked about, if any. */
  earlier: { share_id: string; team_id: string; submitted_on: string } | null;
}

/**
 * A row of `kunto_public_share` (migration 0029), with the rate counters taken beside it and, for a
 * submission, the outcome of `kunto_public_submission`'s write (migration 0040; null when it wrote
 * nothing).
 */
type ShareRow = {
  counted: number;
  share_id: string;
  tenant_id: string;
  survey_id: string;
  type: "PERSONNEL" | "MANAGEMENT";
  template_id: string;
  starts_at: Date | string;
  ends_at: Date | string;
  plan: Plan;
  subscription_status: SubscriptionStatus | null;
  payment_grace_until: Date | string | null;
  team_id: string | null;
  team_name: string | null;
  latest_answer_on: string | null;
  earlier: { share_id: string; team_id: string; submitted_on: string } | null;
  outcome?: string | null;
  submitted_on?: string | null;
};

/**
 * The share named by its key and the team named in the link, in the share's tenant. Sets
 * `app.share_key` (the only share this transaction can see) and then `app.tenant_id` to the share's
 * tenant for the rest of the transaction.
 */
async function enterShare(tx: Tx, shareKey: string, teamName: string): Promise<ShareContext> {
  const [row] = await tx.execute<ShareRow>(
    sql`select 0 as counted, * from kunto_public_share(${shareKey}, ${teamName}, null)`,
  );
  return shareContextOf(row);
}

function shareContextOf(row: ShareRow | undefined): ShareContext {
  if (!row?.team_id) throw new AppError("survey_link_unknown");
  return {
    shareId: row.share_id,
    tenantId: row.tenant_id,
    surveyId: row.survey_id,
    surveyType: row.type,
    templateId: row.template_id,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    teamId: row.team_id,
    teamName: row.team_name,
    plan: row.plan,
    subscriptionStatus: row.subscription_status,
    paymentGraceUntil: row.payment_grace_until === null ? null : new Date(row.payment_grace_until),
    latestAnswerOn: row.latest_answer_on,
    earlier: row.earlier,
  };
}

/** The plan's respondent cap of one survey at `now`, or null when unlimited. */
function capOf(share: ShareContext, now: Date): number | null {
  return PLAN_LIMITS[effectivePlan(share.plan, share.subscriptionStatus, share.paymentGraceUntil, now)]
    .answerers;
}

async function respondentsOf(tx: Tx, surveyId: string): Promise<number> {
  const [row] = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from survey_responses where survey_id = ${surveyId}`,
  );
  return row?.n ?? 0;
}

function timeState(share: ShareContext, now: Date): "upcoming" | "running" | "ended" {
  if (now < share.startsAt) return "upcoming";
  if (now >= share.endsAt) return "ended";
  return "running";
}

export interface PublicQuestion {
  key: string;
  type: "GROUP" | "SLIDER" | "CHOICE_SINGLE";
  group: string | null;
  title: string;
  content: string | null;
  slider: { min: number; max: number; step: number; minLabel: string | null; maxLabel: string | null } | null;
  choices: { value: number; label: string }[] | null;
}

export interface PublicSurvey {
  state: SurveyState;
  status: 0 | 100 | 200;
  type: "PERSONNEL" | "MANAGEMENT";
  startsAt: string;
  endsAt: string;
  language: RespondentLanguage;
  /** The organisation that asks (issue 19.3): the page shows it on the start page and in its header. */
  organisationName: string;
  teamName: string;
  welcome: string | null;
  autojump: boolean;
  questions: PublicQuestion[];
}

/** What the respondent page shows for a link: state, and while running the questions in `language`. */
export async function publicSurvey(
  db: Db,
  shareKey: string,
  teamName: string,
  language: RespondentLanguage,
  now = new Date(),
): Promise<PublicSurvey> {
  return db.transaction(async (tx) => {
    const share = await enterShare(tx, shareKey, teamName);
    const time = timeState(share, now);
    remember(shareKey, teamName, share);
    const cap = time === "running" ? capOf(share, now) : null;
    const full = cap !== null && (await respondentsOf(tx, share.surveyId)) >= cap;
    const state: SurveyState = full ? "full" : time;
    const template = await loadTemplate(tx, share.templateId);
    // Readable under the tenant policy: enterShare has set the share's tenant for this transaction.
    const [organisation] = await tx
      .select({ name: schema.tenants.name })
      .from(schema.tenants)
      .where(eq(schema.tenants.id, share.tenantId));
    const showQuestions = state === "running";
    const tids = [template.startTid];
    if (showQuestions)
      for (const q of template.questions) {
        tids.push(q.titleTid);
        if (q.contentTid) tids.push(q.contentTid);
        if (q.slider?.minTid) tids.push(q.slider.minTid);
        if (q.slider?.maxTid) tids.push(q.slider.maxTid);
        for (const c of q.choices ?? []) tids.push(c.nameTid);
      }
    const text = await textsFor(tx, tids, language);
    return {
      state,
      status: time === "upcoming" ? 0 : time === "running" ? 100 : 200,
      type: share.surveyType,
      startsAt: share.startsAt.toISOString(),
      endsAt: share.endsAt.toISOString(),
      language,
      organisationName: organisation?.name ?? "",
      teamName: share.teamName ?? "",
      welcome: template.welcome ? text(template.startTid) : null,
      autojump: template.autojump,
      questions: showQuestions
        ? template.questions.map((q) => ({
            key: q.key,
            type: q.type,
            group: q.group,
            title: text(q.titleTid) ?? "",
            content: text(q.contentTid),
            slider: q.slider && {
              min: q.slider.min,
              max: q.slider.max,
              step: q.slider.step,
              minLabel: text(q.slider.minTid),
              maxLabel: text(q.slider.maxTid),
            },
            choices: q.choices?.map((c) => ({ value: c.value, label: text(c.nameTid) ?? "" })) ?? null,
          }))
        : [],
    };
  });
}

export interface SubmissionInput {
  submissionId: string;
  browserToken: string;
  language: RespondentLanguage;
  answers: Record<string, number>;
}

export interface SubmissionResult {
  stored: true;
  submittedOn: string;
}

/**
 * The engine's raw answers of a submission, or invalid_answer naming the first offending question:
 * an unknown key, a slider value outside its range or off its step, a value that is no choice's.
 * Questions may be left unanswered, but a submission answers at least one.
 */
export function validateAnswers(template: LoadedTemplate, answers: Record<string, number>): RawAnswers {
  const raw: Record<string, number | string> = Object.create(null);
  let count = 0;
  for (const [key, value] of Object.entries(answers)) {
    const rule = template.rules.get(key);
    if (!rule) throw new AppError("invalid_answer", { question: key, reason: "unknown_question" });
    if (rule.kind === "slider") {
      const steps = (value - rule.min) / rule.step;
      if (!(value >= rule.min && value <= rule.max) || Math.abs(steps - Math.round(steps)) > 1e-9)
        throw new AppError("invalid_answer", { question: key, reason: "out_of_range" });
      raw[key] = value;
    } else {
      const choice = rule.keys.get(value);
      if (choice === undefined)
        throw new AppError("invalid_answer", { question: key, reason: "no_such_choice" });
      raw[key] = choice;
    }
    count++;
  }
  if (count === 0) throw new AppError("invalid_answer", { reason: "no_answers" });
  return raw;
}

export const hashBrowserToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Today as a survey day (Europe/Helsinki, like the survey's dates and statistics): all a response keeps of time. */
const dayOf = (now: Date) => surveyDayOf(now);

export const AGGREGATE_STRIPES = schema.AGGREGATE_STRIPES;

/**
 * What this process last read of each link's share (by key and team name), the guess a submission
 * is checked and scored against before the database is asked: a link is answered by many
 * respondents. The database decides every rule on a fresh row (`kunto_public_submission`), so a
 * stale guess costs a statement, never a wrong outcome. At most GUESSES links, the oldest dropped.
 */
const guesses = new Map<string, ShareContext>();
const GUESSES = 10_000;

/** A link's entry in `guesses`: its share key and team name (a key never holds a slash). */
const guessKey = (shareKey: string, teamName: string) => `${shareKey}/${teamName}`;

function remember(shareKey: string, teamName: string, share: ShareContext) {
  const key = guessKey(shareKey, teamName);
  guesses.delete(key);
  if (guesses.size >= GUESSES) guesses.delete(guesses.keys().next().value as string);
  guesses.set(key, { ...share, earlier: null });
}

/** A submission's write as the share allows it: refused unless the survey runs, answers validated and scored. */
interface Write {
  day: string;
  stripe: number;
  one: string;
  cap: number | null;
}

async function writeOf(db: Db, share: ShareContext, input: SubmissionInput, now: Date): Promise<Write> {
  const time = timeState(share, now);
  if (time === "upcoming") throw new AppError("survey_not_started");
  if (time === "ended") throw new AppError("survey_ended");
  const template = await loadTemplate(db, share.templateId);
  const contributions = scoreRespondent(template.prepared, validateAnswers(template, input.answers));
  return {
    day: dayOf(now),
    stripe: nextStripe(),
    one: oneRespondent(contributions),
    cap: capOf(share, now),
  };
}

/** The write of `input` against the guess of its link, or null when there is none or it refuses the submission. */
async function guessedWrite(db: Db, guess: ShareContext | undefined, input: SubmissionInput, now: Date) {
  if (!guess) return null;
  try {
    return await writeOf(db, guess, input, now);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * A submission's first statement, its own transaction (migration 0040): the rate counters `limits`
 * counted first, then `kunto_public_submission` reads the share afresh with any earlier response of
 * the submission id and, given a guess and its write, stores the response when the fresh row is
 * what the guess assumed and the counters were within their limits.
 */
async function countReadAndTry(
  db: Db,
  shareKey: string,
  teamName: string,
  input: SubmissionInput,
  limits: readonly RateCheck[],
  now: Date,
  guess: ShareContext | undefined,
  write: Write | null,
): Promise<ShareRow | undefined> {
  const attempt =
    guess && write
      ? sql`${guess.teamId}::uuid, ${guess.templateId}::uuid, ${guess.plan}, ${guess.subscriptionStatus},
          ${guess.paymentGraceUntil?.toISOString() ?? null}::timestamptz, ${now.toISOString()}::timestamptz,
          ${hashBrowserToken(input.browserToken)}, ${input.language}, ${JSON.stringify(input.answers)}::jsonb,
          ${write.day}::date, ${write.stripe}, ${write.one}::jsonb, ${write.cap}::int`
      : sql`null, null, null, null, null, null, null, null, null, null, null, null, null`;
  const [row] = await db.execute<ShareRow>(sql`
    ${limits.length ? sql`with ${countingWith(limits)}` : sql``}
    select c.counted, s.*
    from (select ${limits.length ? sql`(select count(*)::int from counted)` : sql`0`} as counted) c
    left join kunto_public_submission(${shareKey}, ${teamName}, ${input.submissionId}::uuid,
      c.counted = ${limits.length}, ${attempt}) s on true`);
  return row;
}

/** A write's outcome as the submission's answer. */
function outcomeOf(
  outcome: string | null | undefined,
  submittedOn: string | null | undefined,
): SubmissionResult {
  if (outcome === "stored" && submittedOn) return { stored: true, submittedOn };
  throw new AppError(
    outcome === "already_answered" || outcome === "survey_full" ? outcome : "survey_link_unknown",
  );
}

/**
 * One submission: the response row (idempotent by submission id), its respondent added to one
 * random stripe of the team's aggregates, and the survey's day of latest answer. One statement when
 * this process's guess of the link holds (`countReadAndTry`); otherwise the checks below run on the
 * share that statement read and `kunto_submit_public_response` (migration 0039) opens the share by
 * its key again and writes, in a second statement. A retry of a stored submission answers as the
 * first call did, whatever the survey's state since.
 */
export async function submitResponse(
  db: Db,
  shareKey: string,
  teamName: string,
  input: SubmissionInput,
  options: {
    /** Rate counters (the per-address limit) counted in the first statement, before any check. */
    limits?: readonly RateCheck[];
    now?: Date;
  } = {},
): Promise<SubmissionResult> {
  const now = options.now ?? new Date();
  const limits = options.limits ?? [];
  const guess = guesses.get(guessKey(shareKey, teamName));
  const write = await guessedWrite(db, guess, input, now);
  const row = await countReadAndTry(db, shareKey, teamName, input, limits, now, guess, write);
  if (row?.counted !== limits.length) throw await tooManyRequests(db, limits);
  if (!row.team_id) guesses.delete(guessKey(shareKey, teamName));
  const share = shareContextOf(row);
  remember(shareKey, teamName, share);
  if (row.outcome) return outcomeOf(row.outcome, row.submitted_on);
  const teamId = share.teamId as string;
  const first = share.earlier;
  if (first) {
    if (first.share_id !== share.shareId || first.team_id !== teamId) throw new AppError("already_answered");
    return { stored: true, submittedOn: first.submitted_on };
  }
  const fresh = await writeOf(db, share, input, now);
  const [result] = await db.execute<{ outcome: string; submitted_on: string | null }>(sql`
    select * from kunto_submit_public_response(${shareKey}, ${teamId}, ${input.submissionId},
      ${hashBrowserToken(input.browserToken)}, ${input.language}, ${JSON.stringify(input.answers)}::jsonb,
      ${fresh.day}::date, ${fresh.stripe}, ${fresh.one}::jsonb, ${share.latestAnswerOn !== fresh.day},
      ${fresh.cap}::int)`);
  return outcomeOf(result?.outcome, result?.submitted_on);
}

/**
 * The stripes of AGGREGATE_STRIPES in turn: a process's concurrent submissions to one team add to
 * different stripes, so they seldom wait on each other's row lock (and its commit's flush). Chosen at
 * random, two of ten concurrent submissions shared a stripe nearly always (issue 24).
 */
let lastStripe = -1;
const nextStripe = () => {
  lastStripe = (lastStripe + 1) % AGGREGATE_STRIPES;
  return lastStripe;
};

/** One respondent's aggregate (jsonb), to be added to a stripe by `kunto_add_aggregates`. */
const oneRespondent = (contributions: ReturnType<typeof scoreRespondent>) =>
  JSON.stringify(addRespondent(emptyAggregates(), contributions));

export type ResponseRow = typeof schema.surveyResponses.$inferInsert & { submittedOn: string };

/**
 * The response row, its respondent added to one stripe of the team's aggregate, and the survey's
 * day of latest answer (when `newDay`), by `kunto_store_response` (migration 0039, the public
 * submission's own write); nothing is written when the insert is refused. The demo data stores
 * answers through this, in a transaction that has set the tenant.
 */
export async function storeResponse(
  tx: Tx,
  row: ResponseRow,
  stripe: number,
  contributions: ReturnType<typeof scoreRespondent>,
  newDay: boolean,
): Promise<boolean> {
  const [result] = await tx.execute<{ stored: boolean }>(sql`
    select kunto_store_response(${row.tenantId}, ${row.surveyId}, ${row.shareId}, ${row.teamId},
      ${row.submissionId}, ${row.browserTokenHash}, ${row.language}, ${JSON.stringify(row.answers)}::jsonb,
      ${row.submittedOn}::date, ${stripe}, ${oneRespondent(contributions)}::jsonb, ${newDay}) as stored`);
  return result?.stored === true;
}
