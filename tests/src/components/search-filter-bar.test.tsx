import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { SearchFilterBar } from '../../../src/components/search-filter-bar'
import { renderWithProviders } from '../helpers/render'

const options = [
  { value: { level: 'junior' }, label: 'Junior' },
  { value: { level: 'senior' }, label: 'Senior' },
]

function Harness({ onSubmit }: { onSubmit?: () => void }) {
  const [search, setSearch] = useState('')
  const [selected, setSelected] = useState<(typeof options)[number]['value']>()
  return (
    <SearchFilterBar
      searchLabel="Search jobs"
      search={search}
      onSearchChange={setSearch}
      onSearchSubmit={onSubmit}
      filterLabel="Filter by level"
      allLabel="All Jobs"
      options={options}
      selected={selected}
      onSelect={setSelected}
    />
  )
}

describe('SearchFilterBar', () => {
  it("presses 'All' first, then exactly the option chosen, and 'All' again clears it", async () => {
    const user = userEvent.setup()
    renderWithProviders(<Harness />)
    const group = screen.getByRole('group', { name: 'Filter by level' })
    expect(group).toBeInTheDocument()
    const pressed = () =>
      screen
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent)
    expect(pressed()).toEqual(['All Jobs'])
    await user.click(screen.getByRole('button', { name: 'Senior' }))
    expect(pressed()).toEqual(['Senior'])
    expect(screen.getByRole('button', { name: 'Junior' })).toHaveAttribute('aria-pressed', 'false')
    await user.click(screen.getByRole('button', { name: 'All Jobs' }))
    expect(pressed()).toEqual(['All Jobs'])
  })

  it('is a plain box without a submit handler, and a search form with one', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    const { unmount } = renderWithProviders(<Harness />)
    expect(screen.queryByRole('search')).not.toBeInTheDocument()
    expect(screen.getByPlaceholderText('Search jobs...')).toBeInTheDocument()
    unmount()

    renderWithProviders(<Harness onSubmit={onSubmit} />)
    expect(screen.getByRole('search', { name: 'Search jobs' })).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Search jobs' }), 'design{Enter}')
    expect(screen.getByRole('textbox', { name: 'Search jobs' })).toHaveValue('design')
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })
})
