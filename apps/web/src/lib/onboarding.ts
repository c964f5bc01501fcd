/** The onboarding step stored as the account value 'onboarding' (document 2): 1..7, -1 dismissed. */
export function onboardingStep(values: ReadonlyArray<{ key: string; value: string }>): number | null {
  const raw = values.find((v) => v.key === "onboarding")?.value;
  const step = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(step) ? step : null;
}

/** The step stored once the company details (step 1) are saved. */
export const AFTER_DETAILS_STEP = 2;
