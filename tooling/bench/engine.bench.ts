// Scoring engine throughput: building a report from stored aggregates (what every report view
// costs the server) and folding respondents into aggregates (what a recalculation costs).
// Run: pnpm bench engine (or node --import tsx bench/engine.bench.ts inside tooling/).
import {
  type Aggregates,
  addRespondent,
  aggregateRespondents,
  computeReport,
  DEFAULT_CATEGORY_TREE,
  emptyAggregates,
  mergeAggregates,
  prepareTemplate,
  type RawAnswers,
  scoreRespondent,
  type TemplateQuestion,
} from "@kunto/engine";

const REPORT_BUDGET_MS = 2_000;
const FOLD_BUDGET_MS = 5_000;
const FOLD_RESPONDENTS = 100_000;
const CHUNK = 10_000;

// Deterministic so runs are comparable (mulberry32).
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// 60 scorable questions over the ten leaf categories, like a full default template.
const LEAVES = DEFAULT_CATEGORY_TREE.flatMap((node) =>
  node.subcategories.length > 0 ? node.subcategories.map((sub) => sub.name) : [node.name],
);
const questions: TemplateQuestion[] = [];
for (const [i, category] of LEAVES.entries()) {
  questions.push({ key: `group_${i}`, type: "GROUP" });
  for (let j = 0; j < 6; j++) {
    const key = `${category}_${j}`;
    if (j % 3 === 2) {
      questions.push({
        key,
        type: "CHOICE_SINGLE",
        category,
        choices: [3, 0, 4, 1, 2].map((value) => ({ key: `c${value}`, value })),
      });
    } else {
      questions.push({ key, type: "SLIDER", category, min: j % 2 === 0 ? 0 : 1, max: 10, step: 1 });
    }
  }
}
const scorable = questions.filter((q) => q.type !== "GROUP");
const template = prepareTemplate(DEFAULT_CATEGORY_TREE, questions);

function randomAnswers(next: () => number): RawAnswers {
  const answers: Record<string, number | string> = {};
  for (const question of scorable) {
    if (next() < 0.05) continue; // some questions skipped
    if (question.type === "SLIDER") {
      answers[question.key] = question.min + Math.floor(next() * (question.max - question.min + 1));
    } else if (question.type === "CHOICE_SINGLE") {
      const { choices } = question;
      answers[question.key] = choices[Math.floor(next() * choices.length)]?.key ?? "c0";
    }
  }
  return answers;
}

const format = (n: number) => Math.round(n).toLocaleString("en-US");

// (b) fold: score and aggregate 100,000 respondents in chunks, as the server would per share.
function benchFold(): Aggregates {
  const next = random(42);
  let total = emptyAggregates();
  let folded = 0;
  let elapsed = 0;
  while (folded < FOLD_RESPONDENTS && elapsed < FOLD_BUDGET_MS) {
    const chunk = Array.from({ length: Math.min(CHUNK, FOLD_RESPONDENTS - folded) }, () =>
      randomAnswers(next),
    );
    const start = performance.now();
    total = mergeAggregates(
      total,
      aggregateRespondents(chunk.map((answers) => scoreRespondent(template, answers))),
    );
    elapsed += performance.now() - start;
    folded += chunk.length;
  }
  console.log(
    `engine.fold  ${format((folded / elapsed) * 1000)} respondents/s  (${format(folded)} respondents, ${scorable.length} questions, ${format(elapsed)} ms)`,
  );

  // The pure one-at-a-time path copies the aggregate for every respondent; shown for comparison.
  const sample = Array.from({ length: CHUNK }, () => randomAnswers(next));
  const start = performance.now();
  let pure = emptyAggregates();
  for (const answers of sample) pure = addRespondent(pure, scoreRespondent(template, answers));
  const pureElapsed = performance.now() - start;
  console.log(
    `engine.fold.addRespondent  ${format((sample.length / pureElapsed) * 1000)} respondents/s  (${format(sample.length)} respondents)`,
  );
  return total;
}

// (a) report: compute a full report (both sides) from aggregates, repeatedly.
function benchReport(personnel: Aggregates): void {
  const next = random(7);
  const management = aggregateRespondents(
    Array.from({ length: 40 }, () => scoreRespondent(template, randomAnswers(next))),
  );
  const input = { tree: DEFAULT_CATEGORY_TREE, questions, personnel, management };
  for (let i = 0; i < 500; i++) computeReport(input); // warm-up
  let reports = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < REPORT_BUDGET_MS) {
    for (let i = 0; i < 100; i++) computeReport(input);
    reports += 100;
    elapsed = performance.now() - start;
  }
  console.log(
    `engine.report  ${format((reports / elapsed) * 1000)} reports/s  (mean ${((elapsed / reports) * 1000).toFixed(1)} µs, ${scorable.length} questions, default tree)`,
  );
}

const aggregates = benchFold();
benchReport(aggregates);
