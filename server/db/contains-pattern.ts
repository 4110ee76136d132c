/**
 * A LIKE pattern that finds `text` anywhere in a lower-case column: `%`, `_` and `\` in what a
 * user typed are matched as themselves, never as wildcards.
 */
export const containsPattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
