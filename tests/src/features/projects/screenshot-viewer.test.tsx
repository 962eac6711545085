import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ScreenshotViewer, wrapIndex } from '../../../../src/features/projects/components/screenshot-viewer'
import { renderWithProviders } from '../../helpers/render'

const images = [1, 2, 3].map((n) => ({ id: n, image: `/images/projects/souqly/screen-${n}.svg` }))

function Harness({ start = 0, onClose = () => {} }: { start?: number; onClose?: () => void }) {
  const [index, setIndex] = useState<number | null>(start)
  return (
    <>
      <button type="button" onClick={() => setIndex(start)}>
        Open screenshot
      </button>
      <ScreenshotViewer
        images={images}
        projectName="Souqly"
        index={index}
        onIndexChange={setIndex}
        onClose={() => {
          setIndex(null)
          onClose()
        }}
      />
    </>
  )
}

const position = () => screen.getByTestId('viewer-position')

describe('wrapIndex', () => {
  it('wraps around at both ends', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0)
    expect(wrapIndex(0, -1, 3)).toBe(2)
    expect(wrapIndex(1, 1, 3)).toBe(2)
    expect(wrapIndex(0, 1, 0)).toBe(0)
  })
})

describe('ScreenshotViewer', () => {
  it('navigates with the arrow keys, wrapping around at both ends', async () => {
    renderWithProviders(<Harness start={2} />)
    expect(await screen.findByTestId('screenshot-viewer')).toBeInTheDocument()
    expect(position()).toHaveTextContent('3 / 3')
    await userEvent.keyboard('{ArrowRight}')
    expect(position()).toHaveTextContent('1 / 3')
    expect(screen.getByRole('img', { name: 'Souqly screenshot 1' })).toHaveAttribute(
      'src',
      '/images/projects/souqly/screen-1.webp',
    )
    await userEvent.keyboard('{ArrowLeft}')
    expect(position()).toHaveTextContent('3 / 3')
    await userEvent.keyboard('{ArrowLeft}')
    expect(position()).toHaveTextContent('2 / 3')
  })

  it('navigates with the previous/next buttons and the thumbnails', async () => {
    renderWithProviders(<Harness />)
    await screen.findByTestId('screenshot-viewer')
    await userEvent.click(screen.getByRole('button', { name: 'Previous screenshot' }))
    expect(position()).toHaveTextContent('3 / 3')
    await userEvent.click(screen.getByRole('button', { name: 'Next screenshot' }))
    expect(position()).toHaveTextContent('1 / 3')
    await userEvent.click(screen.getByRole('button', { name: 'Show screenshot 2' }))
    expect(position()).toHaveTextContent('2 / 3')
    expect(screen.getByRole('button', { name: 'Show screenshot 2' })).toHaveAttribute('aria-current', 'true')
  })

  it('toggles zoom with Z and with the zoom button; moving on resets it', async () => {
    renderWithProviders(<Harness />)
    const viewer = await screen.findByTestId('screenshot-viewer')
    await userEvent.keyboard('z')
    expect(viewer).toHaveAttribute('data-zoomed', 'true')
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.keyboard('Z')
    expect(viewer).not.toHaveAttribute('data-zoomed')
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }))
    expect(viewer).toHaveAttribute('data-zoomed', 'true')
    await userEvent.keyboard('{ArrowRight}')
    expect(viewer).not.toHaveAttribute('data-zoomed')
  })

  it('offers the current screenshot as a download', async () => {
    renderWithProviders(<Harness start={1} />)
    await screen.findByTestId('screenshot-viewer')
    const download = screen.getByRole('link', { name: 'Download screenshot' })
    expect(download).toHaveAttribute('href', '/images/projects/souqly/screen-2.svg')
    expect(download).toHaveAttribute('download', 'screen-2.svg')
  })

  it('closes on Esc', async () => {
    const onClose = vi.fn()
    renderWithProviders(<Harness onClose={onClose} />)
    await screen.findByTestId('screenshot-viewer')
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(screen.queryByTestId('screenshot-viewer')).not.toBeInTheDocument())
  })

  it('closes on a backdrop click and the close button, but not on a click on the picture', async () => {
    const onClose = vi.fn()
    renderWithProviders(<Harness onClose={onClose} />)
    await screen.findByTestId('screenshot-viewer')
    await userEvent.click(screen.getByRole('img', { name: 'Souqly screenshot 1' }))
    expect(onClose).not.toHaveBeenCalled()
    await userEvent.click(screen.getByTestId('viewer-backdrop'))
    expect(onClose).toHaveBeenCalledTimes(1)

    await userEvent.click(screen.getByRole('button', { name: 'Open screenshot' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Close viewer' }))
    expect(onClose).toHaveBeenCalledTimes(2)
  })

  it('is a labelled dialog', async () => {
    renderWithProviders(<Harness start={1} />)
    expect(await screen.findByRole('dialog', { name: 'Souqly: screenshot 2 of 3' })).toBeInTheDocument()
  })
})
