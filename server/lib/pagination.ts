import type { ListQuery } from '../../src/domain/list-query';

export function pageWindow(q: Pick<ListQuery, 'page' | 'per_page'>) {
  return { limit: q.per_page, offset: (q.page - 1) * q.per_page };
}

/** `%term%` for ILIKE with the user's wildcards escaped. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
