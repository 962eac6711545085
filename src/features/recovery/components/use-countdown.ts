import { useEffect, useState } from 'react'

/** Whole seconds left until `endsAt` (ms since epoch), never below 0, updated every second. */
export function useCountdown(endsAt: number): number {
  const left = () => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000))
  const [seconds, setSeconds] = useState(left)
  useEffect(() => {
    setSeconds(left())
    const timer = window.setInterval(() => {
      const next = left()
      setSeconds(next)
      if (next === 0) window.clearInterval(timer)
    }, 1000)
    return () => window.clearInterval(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [endsAt])
  return seconds
}

/** 300 → '5:00', 59 → '0:59'. */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
