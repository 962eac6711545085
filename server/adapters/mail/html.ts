/** The HTML part of a message that was written as plain text: escaped, paragraphs kept, links clickable. */
export function htmlFromText(text: string): string {
  const paragraphs = text
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${linkify(escapeHtml(block)).replace(/\n/g, '<br>\n')}</p>`)
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:600px">',
    ...paragraphs,
    '</body></html>',
  ].join('\n')
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

// Runs on escaped text, so a URL holds no raw quote or angle bracket; a trailing full stop stays outside.
function linkify(escaped: string): string {
  return escaped.replace(/\bhttps?:\/\/[^\s<]+[^\s<.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`)
}
