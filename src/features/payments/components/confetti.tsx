import { useEffect, useMemo, useState, type CSSProperties } from 'react'
import classes from './confetti.module.css'

/** Spec 002 §2.10 and §9: 50 pieces for 4 seconds. */
export const CONFETTI_PIECES = 50
export const CONFETTI_MS = 4000

const COLOURS = ['#22d3ee', '#a3e635', '#facc15', '#f472b6', '#818cf8', '#fb923c']

type PieceStyle = CSSProperties & Record<'--drift' | '--spin', string>

function pieceStyle(piece: {
  left: string
  background: string | undefined
  delay: number
  duration: number
  drift: string
  spin: string
}): PieceStyle {
  return {
    left: piece.left,
    background: piece.background,
    animationDelay: `${piece.delay}ms`,
    animationDuration: `${piece.duration}ms`,
    '--drift': piece.drift,
    '--spin': piece.spin,
  }
}

/** A one-off burst of confetti over the page; it removes itself when the 4 seconds are over. */
export function Confetti() {
  const [active, setActive] = useState(true)
  useEffect(() => {
    const timer = window.setTimeout(() => setActive(false), CONFETTI_MS)
    return () => window.clearTimeout(timer)
  }, [])
  const pieces = useMemo(
    () =>
      Array.from({ length: CONFETTI_PIECES }, (_, i) => ({
        left: `${Math.random() * 100}%`,
        background: COLOURS[i % COLOURS.length],
        // Every piece lands within the 4 s: a delay plus a fall that together never exceed it.
        delay: Math.random() * 1200,
        duration: 2000 + Math.random() * 800,
        drift: `${Math.round(Math.random() * 200 - 100)}px`,
        spin: `${Math.round(Math.random() * 720)}deg`,
      })),
    [],
  )
  if (!active) return null
  return (
    <div className={classes.layer} aria-hidden data-testid="confetti">
      {pieces.map((piece, i) => (
        <span key={i} className={classes.piece} style={pieceStyle(piece)} />
      ))}
    </div>
  )
}
