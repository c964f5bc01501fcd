// What the benchmarks share: percentiles and random answers to a survey's questions.

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
