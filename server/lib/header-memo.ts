/**
 * Remembers an answer that depends on one header's value alone (is this user agent a bot, does
 * this Accept take HTML): browsers send the same few values again and again, so the parsing or
 * the long regular expression runs once per value, not once per request. At most `limit` values
 * are kept; when full the memory starts over.
 */
export function headerMemo<T>(limit = 1_000) {
  const answers = new Map<string, T>();
  return (value: string, compute: () => T): T => {
    const known = answers.get(value);
    if (known !== undefined) return known;
    const answer = compute();
    if (answers.size >= limit) answers.clear();
    answers.set(value, answer);
    return answer;
  };
}
