import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { pageCount, pageItems, Pagination } from '../../../src/components/pagination'
import { renderWithProviders } from '../helpers/render'

describe('pageItems', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 'ellipsis-end', 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, 'ellipsis-end', 10]],
    [5, 10, [1, 'ellipsis-start', 3, 4, 5, 6, 7, 'ellipsis-end', 10]],
    [10, 10, [1, 'ellipsis-start', 8, 9, 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, 'ellipsis-end', 10]],
  ])('page %i of %i shows %j', (current, total, expected) => {
    expect(pageItems(current, total)).toEqual(expected)
  })

  it('computes the page count, with at least one page', () => {
    expect(pageCount(0, 20)).toBe(1)
    expect(pageCount(20, 20)).toBe(1)
    expect(pageCount(21, 20)).toBe(2)
  })
})

describe('Pagination', () => {
  it('marks the current page and reports clicks', async () => {
    const onChange = vi.fn()
    renderWithProviders(<Pagination page={2} total={3} onChange={onChange} />)
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    await userEvent.click(screen.getByRole('button', { name: /Previous/ }))
    expect(onChange.mock.calls).toEqual([[3], [1]])
  })

  it('disables Next on the last page and renders nothing for a single page', () => {
    const { rerender } = renderWithProviders(<Pagination page={3} total={3} onChange={() => {}} />)
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled()
    rerender(<Pagination page={1} total={1} onChange={() => {}} />)
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument()
  })
})
