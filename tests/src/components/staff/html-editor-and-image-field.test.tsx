import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { HtmlEditor } from '../../../../src/components/staff/html-editor'
import { ImageField } from '../../../../src/components/staff/image-field'
import { json, stubApi } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'
import { signedIn } from '../../helpers/session'
import { spyOnToasts } from '../../helpers/toasts'
import { useState } from 'react'

const SLOW_UI = 20_000

const { serve } = stubApi()

spyOnToasts()

describe('HtmlEditor', { timeout: SLOW_UI }, () => {
  function Harness() {
    const [value, setValue] = useState(
      'Make this bold <img src=x onerror="window.hacked=1"><script>window.hacked=1</script>',
    )
    return <HtmlEditor label="Body" value={value} onChange={setValue} />
  }

  it('wraps the selection in a tag, and previews without running scripts', async () => {
    await renderWithRouter(() => <Harness />)
    const area = screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement
    area.setSelectionRange(10, 14)
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }))
    expect(area.value.startsWith('Make this <strong>bold</strong> ')).toBe(true)
    await userEvent.click(screen.getByText('Preview'))
    const preview = await screen.findByTestId('html-preview')
    expect(within(preview).getByText('bold').tagName).toBe('STRONG')
    expect(preview.querySelector('script')).toBeNull()
    expect(preview.querySelector('img')?.getAttribute('onerror')).toBeFalsy()
  })
})

describe('ImageField', { timeout: SLOW_UI }, () => {
  function Harness({ onValue }: { onValue: (v: string | null) => void }) {
    const [value, setValue] = useState<string | null>(null)
    return (
      <ImageField
        label="Cover image"
        value={value}
        onChange={(v) => {
          setValue(v)
          onValue(v)
        }}
      />
    )
  }

  it('uploads the chosen file and fills in its path', async () => {
    signedIn()
    const writes = serve({}, () =>
      json(201, {
        url: '/api/public/media/content-images/1b4e28ba-2fa1-11d2-883f-0016d3cca427.png',
        name: 'c.png',
        size: 9,
      }),
    )
    const values: (string | null)[] = []
    const { container } = await renderWithRouter(() => <Harness onValue={(v) => values.push(v)} />)
    const input = container.querySelector('input[type="file"]') as HTMLInputElement
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50])], 'c.png', { type: 'image/png' }))
    await waitFor(() => expect(writes).toHaveLength(1))
    expect(writes[0]?.path).toBe('/api/staff/content/images/')
    expect((writes[0]?.body as FormData).get('image')).toBeInstanceOf(File)
    await waitFor(() =>
      expect(screen.getByLabelText(/^Cover image/)).toHaveValue(
        '/api/public/media/content-images/1b4e28ba-2fa1-11d2-883f-0016d3cca427.png',
      ),
    )
  })

  it('shows why an upload was refused', async () => {
    signedIn()
    serve({}, () => json(415, { detail: 'Upload a JPEG, PNG or GIF image.' }))
    const { container } = await renderWithRouter(() => <Harness onValue={() => {}} />)
    const input = container.querySelector('input[type="file"]') as HTMLInputElement
    await userEvent.upload(input, new File(['x'], 'c.gif', { type: 'image/gif' }))
    expect(await screen.findByText('Upload a JPEG, PNG or GIF image.')).toBeInTheDocument()
  })
})
