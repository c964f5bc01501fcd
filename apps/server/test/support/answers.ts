import { randomBytes, randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { startServer } from "./harness";

type Server = Awaited<ReturnType<typeof startServer>>;
type Question = {
  key: string;
  slider: { min: number; max: number; step: number } | null;
  choices: { value: number }[] | null;
};

/**
 * `n` respondents answering a running survey through the public REST calls, as the respondent
 * page does; each answers every scorable question with a value varied by its number.
 */
export async function answerThroughPage(server: Server, link: string, n: number, seed = 0) {
  const page = await server.fetch(`/api/public/survey/${link}?lang=en`);
  expect(page.status).toBe(200);
  const { questions } = (await page.json()) as { questions: Question[] };
  for (let r = 0; r < n; r++) {
    const answers: Record<string, number> = {};
    questions.forEach((q, i) => {
      if (q.slider) {
        const steps = Math.round((q.slider.max - q.slider.min) / q.slider.step);
        answers[q.key] = q.slider.min + (((r + seed) * 7 + i * 3) % (steps + 1)) * q.slider.step;
      } else if (q.choices?.length) {
        answers[q.key] = (q.choices[(r + seed + i) % q.choices.length] as { value: number }).value;
      }
    });
    const res = await server.fetch(`/api/public/survey/${link}/response`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        submissionId: randomUUID(),
        browserToken: randomBytes(24).toString("base64url"),
        language: "en",
        answers,
      }),
    });
    expect(res.status).toBe(200);
  }
}
