import type { PathPhase } from './phone-path.mjs';

export const PHONE_BUDGETS: {
  path: { budget: number; ceiling: number };
  login: number;
  coldDay: { budget: number; ceiling: number };
  chunks: Record<string, number>;
};
export function overBudget(phases: PathPhase[]): string[];
