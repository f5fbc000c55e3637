export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 50;

export interface Page<T> {
  page: number;
  limit: number;
  total: number;
  total_pages: number;
  data: T[];
}

/** A limit above the maximum is served as the maximum; a page past the last is empty. */
export function paginate<T>(items: readonly T[], page = 1, limit = DEFAULT_LIMIT): Page<T> {
  const size = Math.min(limit, MAX_LIMIT);
  const start = (page - 1) * size;
  return {
    page,
    limit: size,
    total: items.length,
    total_pages: Math.ceil(items.length / size),
    data: items.slice(start, start + size),
  };
}
