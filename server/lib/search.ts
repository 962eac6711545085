/** An ILIKE pattern that finds `text` anywhere, with the visitor's own % and _ taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
