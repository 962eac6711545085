/** One CSV field: quoted when it holds a comma, quote or line break; formula-leading text is defused. */
function field(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value)
  // A cell starting with =, +, - or @ would run as a formula in a spreadsheet (CSV injection).
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows as CSV (RFC 4180, CRLF line ends) with a header row from the columns' labels. */
export function toCsv<T>(columns: { label: string; value: (row: T) => unknown }[], rows: T[]): string {
  const lines = [columns.map((c) => field(c.label)).join(',')]
  for (const row of rows) lines.push(columns.map((c) => field(c.value(row))).join(','))
  return `${lines.join('\r\n')}\r\n`
}
