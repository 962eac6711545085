import { Button, Group, Input, Paper, SegmentedControl, Stack, Textarea } from '@mantine/core'
import { useId, useRef, useState } from 'react'
import { SafeHtml } from '@/components/safe-html'

/** What each toolbar button puts around the selection (or inserts at the cursor). */
const TOOLS = [
  { label: 'Heading', title: 'Section heading', before: '<h2>', after: '</h2>' },
  { label: 'Paragraph', title: 'Paragraph', before: '<p>', after: '</p>' },
  { label: 'B', title: 'Bold', before: '<strong>', after: '</strong>' },
  { label: 'I', title: 'Italic', before: '<em>', after: '</em>' },
  { label: 'List', title: 'Bulleted list', before: '<ul>\n  <li>', after: '</li>\n</ul>' },
  { label: 'Quote', title: 'Quotation', before: '<blockquote>', after: '</blockquote>' },
  { label: 'Code', title: 'Code', before: '<code>', after: '</code>' },
] as const

/**
 * The body of a post or job as HTML, with buttons that wrap the selection in the usual tags and a
 * preview drawn the way the site draws it (sanitized in the browser; the server sanitizes again when it
 * stores the text, so nothing unsafe is ever kept).
 */
export function HtmlEditor({
  label,
  value,
  onChange,
  error,
  required,
  description,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  required?: boolean
  description?: string
}) {
  const [mode, setMode] = useState<'edit' | 'preview'>('edit')
  const area = useRef<HTMLTextAreaElement>(null)
  const id = useId()

  function wrap(before: string, after: string) {
    const el = area.current
    const start = el?.selectionStart ?? value.length
    const end = el?.selectionEnd ?? value.length
    const next = `${value.slice(0, start)}${before}${value.slice(start, end)}${after}${value.slice(end)}`
    onChange(next)
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(start + before.length, end + before.length)
    })
  }

  function link() {
    const url = window.prompt('Link address (https://…)')
    if (!url) return
    wrap(`<a href="${url.replace(/"/g, '&quot;')}">`, '</a>')
  }

  return (
    <Input.Wrapper label={label} required={required} error={error} description={description} id={id}>
      <Stack gap={6} mt={4}>
        <Group justify="space-between" gap="xs">
          <Group gap={4} aria-label={`${label} formatting`} role="toolbar">
            {TOOLS.map((tool) => (
              <Button
                key={tool.label}
                size="compact-xs"
                variant="default"
                title={tool.title}
                aria-label={tool.title}
                disabled={mode === 'preview'}
                onClick={() => wrap(tool.before, tool.after)}
              >
                {tool.label}
              </Button>
            ))}
            <Button
              size="compact-xs"
              variant="default"
              title="Link"
              aria-label="Link"
              disabled={mode === 'preview'}
              onClick={link}
            >
              Link
            </Button>
          </Group>
          <SegmentedControl
            size="xs"
            value={mode}
            onChange={(v) => setMode(v as 'edit' | 'preview')}
            data={[
              { value: 'edit', label: 'HTML' },
              { value: 'preview', label: 'Preview' },
            ]}
            aria-label={`${label} view`}
          />
        </Group>
        {mode === 'edit' ? (
          <Textarea
            ref={area}
            id={id}
            aria-label={label}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={24}
            error={Boolean(error)}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
        ) : (
          <Paper withBorder p="md" data-testid="html-preview">
            <SafeHtml html={value} label={`${label} preview`} />
          </Paper>
        )}
      </Stack>
    </Input.Wrapper>
  )
}
