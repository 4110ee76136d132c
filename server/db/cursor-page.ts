import { encodeCursor } from "../../shared/api/v1/common";

/**
 * One page of a keyset query that asked for `limit + 1` rows, newest first: the extra row only
 * says there is more. The cursor is the last row's exact time and id; the sort key is not sent.
 */
export function cursorPage<T extends { id: string }>(
  rows: readonly (T & { sortKey: string })[],
  limit: number,
): { data: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    data: page.map(({ sortKey: _sortKey, ...row }) => row as unknown as T),
    nextCursor: more && last ? encodeCursor([last.sortKey, last.id]) : null,
  };
}
