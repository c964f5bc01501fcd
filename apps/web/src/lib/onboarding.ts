/** The onboarding step stored as the account value 'onboarding' (document 2 §4): 1..7, -1 dismissed. */
export function onboardingStep(values: ReadonlyArray<{ key: string; value: string }>): number | null {
  const raw = values.find((v) => v.key === "onboarding")?.value;
  const step = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(step) ? step : null;
}

export const ONBOARDING_KEY = "onboarding";
export const ONBOARDING_STEPS = 7;
export const ONBOARDING_DISMISSED = -1;

/** The step stored once the company details (step 1) are saved. */
export const AFTER_DETAILS_STEP = 2;

/** Whether the wizard is still to finish: never started or stopped between steps 1 and 6. */
export const isOnboardingOpen = (step: number | null) =>
  step === null || (step >= 1 && step < ONBOARDING_STEPS);

/** A stored -1 (dismissed) or 7 (all done) sends the wizard to the dashboard (§2). */
export const isOnboardingOver = (step: number | null) =>
  step === ONBOARDING_DISMISSED || (step !== null && step >= ONBOARDING_STEPS);

/** The step the wizard shows: the route's, else the stored one, else 1; always within 1..7. */
export function wizardStep(routeStep: number | undefined, stored: number | null): number {
  const step = routeStep ?? (stored !== null && stored >= 1 ? stored : 1);
  return Math.min(ONBOARDING_STEPS, Math.max(1, Math.trunc(step)));
}
