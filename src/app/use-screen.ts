import { useRouterState } from '@tanstack/react-router';
import { screenOfMatch, type Screen } from './screens';

/** The screen shown now (its title, permissions, offline flag), read from the deepest matched route. */
export function useCurrentScreen(): Screen | undefined {
  return useRouterState({ select: (s) => screenOfMatch(s.matches.at(-1)) });
}
