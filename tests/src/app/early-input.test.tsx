import { Checkbox, MantineProvider, PasswordInput, TextInput } from '@mantine/core'
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState, type ReactNode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { PRERENDER_HEAD_SCRIPT } from '../../../server/lib/app-shell'
import { holdEarlyInput } from '../../../src/app/early-input'
import { pressAgain } from '../../../src/app/press-again'
import { theme } from '../../../src/app/theme'
import { SearchFilterBar } from '../../../src/components/search-filter-bar'
import { awaitingApp, useHydrated } from '../../../src/components/use-hydrated'

interface SignInValues {
  email: string
  password: string
  remember: boolean
}

/** A form prerendered the way the sign-in page is (controlled Mantine fields, awaitingApp). */
function SignInForm({ onSignIn }: { onSignIn: (values: SignInValues) => void }) {
  const hydrated = useHydrated()
  const [values, setValues] = useState({ email: '', password: '' })
  const [remember, setRemember] = useState(true)
  const update = (field: 'email' | 'password') => (value: string) =>
    setValues((v) => ({ ...v, [field]: value }))
  return (
    <form
      aria-label="Sign in"
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSignIn({ ...values, remember })
      }}
      {...awaitingApp(hydrated)}
    >
      <TextInput
        label="Email"
        type="email"
        value={values.email}
        onChange={(e) => update('email')(e.currentTarget.value)}
      />
      <PasswordInput
        label="Password"
        value={values.password}
        onChange={(e) => update('password')(e.currentTarget.value)}
      />
      <Checkbox
        label="Remember me"
        checked={remember}
        onChange={(e) => setRemember(e.currentTarget.checked)}
      />
      <button type="submit">Sign In</button>
    </form>
  )
}

function SearchHarness({ onSubmit }: { onSubmit: (search: string) => void }) {
  const [search, setSearch] = useState('')
  return (
    <SearchFilterBar
      searchLabel="Search projects"
      search={search}
      onSearchChange={setSearch}
      onSearchSubmit={() => onSubmit(search)}
      filterLabel="Filter by profile"
      allLabel="All Projects"
      options={[]}
      selected={undefined}
      onSelect={() => {}}
    />
  )
}

const withMantine = (ui: ReactNode) => (
  <MantineProvider theme={theme} forceColorScheme="dark">
    {ui}
  </MantineProvider>
)

let root: Root | null = null

/** The page as the server sends it: the HTML of `ui`, no React behind it yet. */
function prerender(ui: ReactNode): HTMLElement {
  const container = document.createElement('div')
  container.innerHTML = renderToString(withMantine(ui))
  document.body.append(container)
  return container
}

/** React adopts the page (src/app/start.tsx), and renders again once it has (useHydrated). */
async function adopt(container: HTMLElement, ui: ReactNode) {
  await act(async () => {
    root = hydrateRoot(container, withMantine(ui))
  })
}

beforeAll(() => {
  // The page's head script, which holds a submission while the form awaits the app.
  new Function(PRERENDER_HEAD_SCRIPT)()
})

afterEach(() => {
  act(() => root?.unmount())
  root = null
  document.body.innerHTML = ''
  document.documentElement.removeAttribute('data-submit-held')
  window.__cypherEarlySubmit = undefined
  window.__cypherEarlyClick = undefined
  window.__cypherEarlyPointer = undefined
})

describe('early input on a prerendered form', () => {
  it('keeps what a keyboard visitor typed after tabbing into the waiting form, and React signs in with it', async () => {
    const user = userEvent.setup()
    const onSignIn = vi.fn()
    const container = prerender(<SignInForm onSignIn={onSignIn} />)
    expect(holdEarlyInput(container)).toBe(true)

    // Before React: the fields take focus and text as on any page.
    await user.tab()
    const email = screen.getByRole('textbox', { name: 'Email' })
    expect(email).toHaveFocus()
    await user.keyboard('demo@example.com')
    await user.tab()
    expect(screen.getByLabelText('Password')).toHaveFocus()
    await user.keyboard('DemoPass!2026')
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }))

    await adopt(container, <SignInForm onSignIn={onSignIn} />)
    expect(screen.getByRole('form', { name: 'Sign in' })).not.toHaveAttribute('data-awaiting-app')
    expect(email).toHaveValue('demo@example.com')
    expect(screen.getByLabelText('Password')).toHaveValue('DemoPass!2026')
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked()

    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(onSignIn).toHaveBeenCalledExactlyOnceWith({
      email: 'demo@example.com',
      password: 'DemoPass!2026',
      remember: false,
    })
  })

  it('holds a submission made before React has the form and makes it once, with what was typed', async () => {
    const user = userEvent.setup()
    const onSignIn = vi.fn()
    const container = prerender(<SignInForm onSignIn={onSignIn} />)
    holdEarlyInput(container)
    await user.click(screen.getByRole('textbox', { name: 'Email' }))
    await user.keyboard('demo@example.com')
    await user.click(screen.getByLabelText('Password'))
    await user.keyboard('DemoPass!2026{Enter}')
    expect(window.__cypherEarlySubmit).toBeDefined()
    // The button shows the sign-in is on its way (a mark outside what React adopts).
    expect(document.documentElement).toHaveAttribute('data-submit-held')
    expect(screen.getByRole('button', { name: 'Sign In' })).not.toHaveAttribute('data-early-press')

    await adopt(container, <SignInForm onSignIn={onSignIn} />)
    expect(document.documentElement).not.toHaveAttribute('data-submit-held')
    await waitFor(() =>
      expect(onSignIn).toHaveBeenCalledWith({
        email: 'demo@example.com',
        password: 'DemoPass!2026',
        remember: true,
      }),
    )
    expect(onSignIn).toHaveBeenCalledOnce()
  })

  it('hands text typed into a server-rendered search box to React and searches for it', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    const container = prerender(<SearchHarness onSubmit={onSubmit} />)
    holdEarlyInput(container)
    const search = screen.getByRole('textbox', { name: 'Search projects' })
    // A form without a submit button is submitted with no submitter: the head script holds it all the same.
    const errors: unknown[] = []
    const onError = (event: ErrorEvent) => errors.push(event.error)
    window.addEventListener('error', onError)
    await user.click(search)
    await user.keyboard('wasla{Enter}')
    window.removeEventListener('error', onError)
    expect(errors).toEqual([])
    expect(document.documentElement).toHaveAttribute('data-submit-held')

    await adopt(container, <SearchHarness onSubmit={onSubmit} />)
    await waitFor(() => expect(onSubmit).toHaveBeenCalledExactlyOnceWith('wasla'))
    expect(search).toHaveValue('wasla')
  })

  it('watches nothing on a page without a form awaiting the app', () => {
    const container = prerender(<p>Nothing to type into</p>)
    expect(holdEarlyInput(container)).toBe(false)
  })
})

describe('a button pressed before the app has started (the page head script)', () => {
  it('is remembered and shows it took the press; a later press moves both to the other button', async () => {
    const user = userEvent.setup()
    prerender(
      <>
        <button type="button">Open the assistant</button>
        <button type="button">Show web projects</button>
      </>,
    )
    const assistant = screen.getByRole('button', { name: 'Open the assistant' })
    await user.click(assistant)
    expect(window.__cypherEarlyClick).toBe(assistant)
    expect(assistant).toHaveAttribute('data-early-press')

    const filter = screen.getByRole('button', { name: 'Show web projects' })
    await user.click(filter)
    expect(window.__cypherEarlyClick).toBe(filter)
    expect(filter).toHaveAttribute('data-early-press')
    expect(assistant).not.toHaveAttribute('data-early-press')
  })

  it('leaves alone a button the browser answers itself (a popover toggle), so it is not pressed twice', async () => {
    const user = userEvent.setup()
    prerender(
      <button type="button" popoverTarget="menu">
        Toggle navigation
      </button>,
    )
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' })
    await user.click(toggle)
    expect(window.__cypherEarlyClick).toBeUndefined()
    expect(toggle).not.toHaveAttribute('data-early-press')
  })

  it('remembers whether a pointer or a key pressed it', async () => {
    const user = userEvent.setup()
    prerender(<button type="button">Open the assistant</button>)
    const assistant = screen.getByRole('button', { name: 'Open the assistant' })
    await user.click(assistant)
    expect(window.__cypherEarlyPointer).toBe(true)
    assistant.focus()
    await user.keyboard('{Enter}')
    expect(window.__cypherEarlyClick).toBe(assistant)
    expect(window.__cypherEarlyPointer).toBe(false)
  })

  it('is answered by the app when pressed again: the password toggle, which acts on the press itself, shows the password', async () => {
    const user = userEvent.setup()
    const ui = (
      <PasswordInput
        label="Password"
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
      />
    )
    const container = prerender(ui)
    const toggle = screen.getByRole('button', { name: 'Show or hide password', hidden: true })
    await user.click(toggle)
    expect(window.__cypherEarlyPointer).toBe(true)
    await adopt(container, ui)
    act(() => pressAgain(toggle, true))
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text')
  })

  it('pressed again after a key, is clicked once, as Enter or Space clicks it', async () => {
    const onClick = vi.fn()
    const onMouseDown = vi.fn()
    const ui = (
      <button type="button" onClick={onClick} onMouseDown={onMouseDown}>
        Open the assistant
      </button>
    )
    const container = prerender(ui)
    await adopt(container, ui)
    act(() => pressAgain(screen.getByRole('button', { name: 'Open the assistant' }), false))
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(onMouseDown).not.toHaveBeenCalled()
    act(() => pressAgain(screen.getByRole('button', { name: 'Open the assistant' }), true))
    expect(onClick).toHaveBeenCalledTimes(2)
    expect(onMouseDown).toHaveBeenCalledTimes(1)
  })

  it('is not remembered once React is adopting the page', async () => {
    const user = userEvent.setup()
    prerender(<button type="button">Open the assistant</button>)
    window.__cypherHydrating = true
    try {
      await user.click(screen.getByRole('button', { name: 'Open the assistant' }))
    } finally {
      window.__cypherHydrating = undefined
    }
    expect(window.__cypherEarlyClick).toBeUndefined()
  })
})
