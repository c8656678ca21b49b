/** Spec §4: the eight achievement steps, in order; the state is how many are done (0 to 8). */
export const ACHIEVEMENT_STEPS = [
  "Create an account",
  "Create your first manual portfolio",
  "Add your first asset",
  "Make a portfolio public",
  "Copy your first community portfolio",
  "Check your net worth",
  "Talk with the AI agent",
  "Connect a brokerage and import a portfolio",
] as const;

export const ACHIEVEMENT_COUNT = ACHIEVEMENT_STEPS.length;

/** The name of the step after `done` steps, or null when all are done. */
export function nextStep(done: number): string | null {
  return ACHIEVEMENT_STEPS[done] ?? null;
}
