/** Words that say nothing about the subject; left out of the index and of a question's meaningful words. */
export const STOPWORDS = new Set(
  `a an the and or but if of to in on at by for with from as into about over than then so too very
  is are was were be been being am do does did doing have has had having can could would should will shall may might must
  i me my mine we us our ours you your yours he she it its they them their this that these those there here
  what which who whom whose when where why how much many any some all each every no not only own same such
  please tell know want need like get got give show let make just also more most other another again still
  hi hello hey thanks thank okay ok yes yeah sure cypher company
  dont doesnt didnt cant wont isnt arent im ive id youre youve theyre thats`.split(/\s+/),
)

/** Lower-case words with a light plural stem, the same for indexing and for questions. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) {
    return word.slice(0, -1)
  }
  return word
}

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .split(/[^a-z0-9+#]+/)
    .filter(Boolean)
}

/** The words of a text that carry meaning: no stopwords (nor "whats", the stem of "what's"), stemmed. */
export function significantWords(text: string): string[] {
  return words(text)
    .filter((w) => !STOPWORDS.has(w))
    .map(stem)
    .filter((w) => !STOPWORDS.has(w))
}
