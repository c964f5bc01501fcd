import { functionRanges } from "../../tooling/mutate/ranges.mjs";
import { strykerConfig } from "../../tooling/mutate/stryker.base.mjs";

// Issue 17.9: the services that compute or withhold results and count things, where they compute
// in JavaScript. Files that also talk to PostgreSQL are mutated by function (`file:lines`, found
// when this loads): their SQL is proven by the integration tests, too slow to run per mutant here.
// resolveSelection reads PostgreSQL, so only the pure parseKeys of selection.ts is mutated here;
// its rules are proven against a real database by apps/server/test/reports.
const here = import.meta.url;
const base = strykerConfig({
  mutate: [
    "src/reports/anonymity.ts",
    "src/reports/heatmap.ts",
    "src/reports/trends.ts",
    ...functionRanges(here, "src/reports/release.ts", [
      "advanceSection",
      "advanceRelease",
      "releaseStep",
      "answersToFirstRelease",
      "mergeReleased",
    ]),
    ...functionRanges(here, "src/reports/selection.ts", ["parseKeys"]),
    ...functionRanges(here, "src/responses/responses.ts", ["validateAnswers", "hashBrowserToken"]),
    ...functionRanges(here, "src/tasks/votes.ts", ["hashSession"]),
  ],
});

// At least 80 % of mutants killed (issue 17.9): below that the run fails.
export default { ...base, thresholds: { high: 90, low: 80, break: 80 } };
