import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  ASSISTANT_NAME,
  assistantTexts,
  type AssistantChatResponse,
  CHAT_MAX_HEIGHT_PX,
  TYPING_INTERVAL_MS,
} from '../../../../src/contract/assistant'
import { site } from '../../../../src/contract/site'
import {
  AssistantContextProvider,
  AssistantPageContextSetter,
  type PageAssistantContext,
} from '../../../../src/features/assistant/assistant-context'
import { AssistantLauncher } from '../../../../src/features/assistant/components/assistant-launcher'
import { AssistantWindow } from '../../../../src/features/assistant/components/assistant-window'
import { CONVERSATION_KEY } from '../../../../src/features/assistant/conversation'
import { json, stubFetch } from '../../helpers/http'
import { renderWithRouter } from '../../helpers/render'

const answer = (reply: string, extra: Partial<AssistantChatResponse> = {}): AssistantChatResponse => ({
  reply,
  sources: [{ title: 'Mobile Apps', url: '/services/mobile-apps' }],
  sandbox: true,
  ...extra,
})

const fetchMock = stubFetch()
beforeEach(() => {
  fetchMock.mockImplementation(async () => json(200, answer('Mobile apps start at $5,000.')))
})
afterEach(() => {
  vi.useRealTimers()
})

/** Types a question the way a visitor pastes it, then presses Enter. */
async function ask(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.click(input)
  await user.paste(text)
  await user.keyboard('{Enter}')
}

function sentBodies(): { message: string; history: unknown[]; context: unknown; page: string }[] {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)))
}

async function renderWindow(
  options: { context?: PageAssistantContext | null; onClose?: () => void; opened?: boolean } = {},
) {
  const onClose = options.onClose ?? vi.fn()
  const result = await renderWithRouter(() => (
    <AssistantContextProvider>
      <AssistantPageContextSetter context={options.context ?? null} />
      <AssistantWindow opened={options.opened ?? true} onClose={onClose} />
    </AssistantContextProvider>
  ))
  const dialog = await screen.findByRole('dialog', { name: new RegExp(ASSISTANT_NAME) })
  return { ...result, dialog, onClose, input: within(dialog).getByRole('textbox', { name: 'Your question' }) }
}

describe('the assistant window', () => {
  it('is a dialog titled with the assistant name, with the greeting and three suggested questions', async () => {
    const { dialog } = await renderWindow()
    expect(within(dialog).getByText(assistantTexts.greeting)).toBeInTheDocument()
    const suggestions = within(dialog).getByRole('group', { name: 'Suggested questions' })
    expect(within(suggestions).getAllByRole('button')).toHaveLength(3)
  })

  it('sends on Enter, adds a line with Shift+Enter and never sends a blank message', async () => {
    const user = userEvent.setup()
    const { dialog, input } = await renderWindow()
    const send = within(dialog).getByRole('button', { name: 'Send' })

    expect(send).toBeDisabled()
    await ask(user, input, '   ')
    expect(fetchMock).not.toHaveBeenCalled()
    expect(send).toBeDisabled()

    await user.clear(input)
    await user.type(input, 'Hello{Shift>}{Enter}{/Shift}there')
    expect(input).toHaveValue('Hello\nthere')
    expect(fetchMock).not.toHaveBeenCalled()
    expect(send).toBeEnabled()

    await user.type(input, '{Enter}')
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(sentBodies()[0]).toMatchObject({ message: 'Hello\nthere', history: [] })
    expect(input).toHaveValue('')
  })

  it("shows 'AI is thinking...' and ignores input while a reply is on its way, then hides the suggestions", async () => {
    const user = userEvent.setup()
    let release: (response: Response) => void = () => {}
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)))
    const { dialog, input } = await renderWindow()

    await ask(user, input, 'How much does a mobile app cost?')
    expect(await within(dialog).findByTestId('assistant-thinking')).toHaveTextContent(assistantTexts.thinking)
    expect(screen.getByRole('status')).toHaveTextContent(assistantTexts.thinking)
    expect(within(dialog).queryByRole('group', { name: 'Suggested questions' })).not.toBeInTheDocument()

    await ask(user, input, 'Another question')
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(input).toHaveValue('Another question')

    await act(async () => release(json(200, answer('Mobile apps start at $5,000.'))))
    await waitFor(() => expect(within(dialog).queryByTestId('assistant-thinking')).not.toBeInTheDocument())
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled()
    expect(within(dialog).queryByRole('group', { name: 'Suggested questions' })).not.toBeInTheDocument()
  })

  it('types the reply out one word every 50 ms and announces it whole to screen readers', async () => {
    fetchMock.mockResolvedValueOnce(json(200, answer('One two three four')))
    const { dialog, input } = await renderWindow()
    vi.useFakeTimers()
    fireEvent.change(input, { target: { value: 'Count please' } })
    fireEvent.keyDown(input, { key: 'Enter' })

    const bubble = async () => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0)
      })
      const replies = within(dialog).getAllByTestId('chat-message-assistant')
      return replies[replies.length - 1]?.textContent?.replace(`${ASSISTANT_NAME}: `, '')
    }
    expect(await bubble()).toBe('One')
    expect(screen.getByRole('status')).toHaveTextContent('One two three four')

    await act(async () => {
      await vi.advanceTimersByTimeAsync(TYPING_INTERVAL_MS)
    })
    expect(await bubble()).toBe('One two')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TYPING_INTERVAL_MS - 1)
    })
    expect(await bubble()).toBe('One two')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1)
    })
    expect(await bubble()).toBe('One two three')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TYPING_INTERVAL_MS)
    })
    // Fully typed: the sources follow the text.
    expect(await bubble()).toMatch(/^One two three four/)
  })

  it('cites the pages of the answer as links once typed', async () => {
    const user = userEvent.setup()
    const { dialog, input } = await renderWindow()
    await ask(user, input, 'Price?')
    const link = await within(dialog).findByRole('link', { name: 'Mobile Apps' }, { timeout: 3000 })
    expect(link).toHaveAttribute('href', '/services/mobile-apps')
  })

  it('apologises and points to the support e-mail when the server cannot answer', async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(json(500, { detail: 'Internal server error.' }))
    const { dialog, input } = await renderWindow()
    await ask(user, input, 'Hello?')
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(assistantTexts.failure))
    expect(assistantTexts.failure).toContain(site.supportEmail)
    expect(
      await within(dialog).findByRole('link', { name: site.supportEmail }, { timeout: 5000 }),
    ).toHaveAttribute('href', `mailto:${site.supportEmail}`)
  })

  it('also apologises when the network is down', async () => {
    const user = userEvent.setup()
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const { input } = await renderWindow()
    await ask(user, input, 'Hello?')
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(assistantTexts.failure))
  })

  it('keeps the conversation for the browser session and sends it as history', async () => {
    const user = userEvent.setup()
    const first = await renderWindow()
    await ask(user, first.input, 'How much does a mobile app cost?')
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Mobile apps start at $5,000.'))
    first.unmount()
    expect(window.sessionStorage.getItem(CONVERSATION_KEY)).toContain('How much does a mobile app cost?')

    const second = await renderWindow()
    expect(within(second.dialog).getByText('How much does a mobile app cost?')).toBeInTheDocument()
    await ask(user, second.input, 'And how long?')
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    expect(sentBodies()[1]?.history).toEqual([
      { role: 'user', content: 'How much does a mobile app cost?' },
      { role: 'assistant', content: 'Mobile apps start at $5,000.' },
    ])
  })

  it('starts a new conversation on request', async () => {
    const user = userEvent.setup()
    const { dialog, input } = await renderWindow()
    await ask(user, input, 'Hi')
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    await user.click(within(dialog).getByRole('button', { name: 'Start a new conversation' }))
    expect(within(dialog).queryByText('Hi')).not.toBeInTheDocument()
    expect(within(dialog).getByRole('group', { name: 'Suggested questions' })).toBeInTheDocument()
  })

  it('sends the page context by slug and suggests questions about it', async () => {
    const user = userEvent.setup()
    const { dialog } = await renderWindow({
      context: { kind: 'service', slug: 'mobile-apps', title: 'Mobile Apps' },
    })
    expect(within(dialog).getByText('Asking about: Mobile Apps')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'How much does Mobile Apps cost?' }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    expect(sentBodies()[0]).toMatchObject({
      message: 'How much does Mobile Apps cost?',
      context: { kind: 'service', slug: 'mobile-apps' },
    })
    expect(JSON.stringify(sentBodies()[0]?.context)).not.toContain('title')
  })

  it('shows the Sandbox badge once the local answerer has replied', async () => {
    const user = userEvent.setup()
    const { dialog, input } = await renderWindow()
    expect(within(dialog).queryByText('Sandbox')).not.toBeInTheDocument()
    await ask(user, input, 'Hi')
    expect(await within(dialog).findByText('Sandbox')).toBeInTheDocument()
  })

  it('closes on a backdrop click and on Escape', async () => {
    const user = userEvent.setup()
    const { onClose } = await renderWindow()
    const overlay = document.querySelector('.mantine-Modal-overlay')
    expect(overlay).not.toBeNull()
    if (overlay) await user.click(overlay)
    expect(onClose).toHaveBeenCalledTimes(1)
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('is at most 700 px tall', async () => {
    const { dialog } = await renderWindow()
    const content = dialog.closest<HTMLElement>('.mantine-Modal-content') ?? dialog
    expect(content.style.maxHeight).toBe(`${CHAT_MAX_HEIGHT_PX}px`)
  })
})

describe('the floating assistant button', () => {
  it('opens the window, focused on the question field, and closes back to the button', async () => {
    const user = userEvent.setup()
    await renderWithRouter(() => (
      <AssistantContextProvider>
        <AssistantLauncher />
      </AssistantContextProvider>
    ))
    const button = screen.getByRole('button', { name: assistantTexts.open })
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(button)
    const dialog = await screen.findByRole('dialog', { name: new RegExp(ASSISTANT_NAME) })
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Your question' })).toHaveFocus())
    expect(button).toHaveAttribute('aria-expanded', 'true')

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(button).toHaveFocus())
  })
})
