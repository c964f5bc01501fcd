// The README's "For integrators" example (issue 20.6): with an API key made in Organisation
// settings → API keys, list the organisation's surveys and read the report of the latest one that
// has answers. Run it with
//   KUNTO_ORIGIN=http://localhost:3000 KUNTO_API_KEY=<the key> npx tsx packages/client/examples/integrator.ts
// A test runs the same function against a real server (apps/server/test/integrators/typed-client...).
import { createKuntoClient } from "../src/index";

export interface ExampleResult {
  surveys: Array<{ key: string; name: string | null; type: string; totalAnswers: number }>;
  /** The Company Fitness Index of the latest survey with answers, or null when none has any. */
  fitnessIndex: number | null;
}

export async function integratorExample(origin: string, apiKey: string): Promise<ExampleResult> {
  const kunto = createKuntoClient({ origin, apiKey });

  const { data: surveys, error } = await kunto.GET("/tenant/survey");
  if (error) throw new Error(`listing surveys failed: ${error.error_key}`);

  const answered = surveys.find((survey) => survey.totalAnswers > 0);
  let fitnessIndex: number | null = null;
  if (answered) {
    const report = await kunto.GET("/tenant/survey/reports/{keys}", {
      params: { path: { keys: answered.key } },
    });
    if (report.error) throw new Error(`reading the report failed: ${report.error.error_key}`);
    fitnessIndex = report.data.personnel?.result.fitnessIndex.overall.value ?? null;
  }
  return {
    surveys: surveys.map(({ key, name, type, totalAnswers }) => ({ key, name, type, totalAnswers })),
    fitnessIndex,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const origin = process.env.KUNTO_ORIGIN ?? "http://localhost:3000";
  const apiKey = process.env.KUNTO_API_KEY;
  if (!apiKey) throw new Error("Set KUNTO_API_KEY to a key made in Organisation settings → API keys.");
  console.log(JSON.stringify(await integratorExample(origin, apiKey), null, 2));
}
