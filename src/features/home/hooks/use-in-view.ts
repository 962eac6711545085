import { useEffect, useRef, useState } from 'react'

/**
 * True once the element has been at least `threshold` visible; it stays true (the observer
 * disconnects), so the content it unlocks is fetched once.
 */
export function useInView<T extends Element>(threshold: number) {
  const ref = useRef<T>(null)
  const [inView, setInView] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || inView) return
    if (typeof IntersectionObserver === 'undefined') {
      setInView(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true)
          observer.disconnect()
        }
      },
      { threshold },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [threshold, inView])
  return { ref, inView }
}
