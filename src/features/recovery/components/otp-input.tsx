import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react'
import { ONE_TIME_CODE } from '@/contract/recovery'
import classes from './otp-input.module.css'

export const emptyCode = (): string[] => Array.from({ length: ONE_TIME_CODE.length }, () => '')

const digitsOf = (text: string) => text.replace(/\D/g, '')

interface OtpInputProps {
  value: string[]
  onChange: (value: string[]) => void
  disabled?: boolean
  invalid?: boolean
}

/**
 * Spec §5: six boxes, one digit each. Only digits are taken; a paste fills up to six boxes (a whole code
 * from the first box, a shorter one from the box in focus); backspace in an empty box moves back.
 */
export function OtpInput({ value, onChange, disabled = false, invalid = false }: OtpInputProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([])
  const focus = (index: number) =>
    boxes.current[Math.max(0, Math.min(index, ONE_TIME_CODE.length - 1))]?.focus()

  /** Writes `digits` into the boxes from `start`, then focuses the box after the last one written. */
  function fill(start: number, digits: string) {
    const next = [...value]
    const written = digits.slice(0, ONE_TIME_CODE.length - start).split('')
    written.forEach((digit, offset) => {
      next[start + offset] = digit
    })
    onChange(next)
    focus(start + written.length)
  }

  function type(index: number, text: string) {
    const digits = digitsOf(text)
    if (text === '') {
      const next = [...value]
      next[index] = ''
      onChange(next)
      return
    }
    if (!digits) return
    const held = value[index]
    // A digit typed next to the one the box held: keep the new one. Anything longer (autofill) fills on.
    if (held && digits.length === 2 && digits.includes(held)) fill(index, digits.replace(held, ''))
    else fill(index, digits)
  }

  function keyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault()
      focus(index - 1)
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault()
      focus(index - 1)
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      focus(index + 1)
    }
  }

  function paste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault()
    const digits = digitsOf(event.clipboardData.getData('text'))
    if (!digits) return
    fill(digits.length >= ONE_TIME_CODE.length ? 0 : index, digits)
  }

  return (
    <div className={classes.boxes} role="group" aria-label="6-digit code">
      {value.map((digit, index) => (
        <input
          // The boxes are a fixed row: a box's position is its identity.
          key={index}
          ref={(node) => {
            boxes.current[index] = node
          }}
          className={classes.box}
          value={digit}
          onChange={(e) => type(index, e.currentTarget.value)}
          onKeyDown={(e) => keyDown(index, e)}
          onPaste={(e) => paste(index, e)}
          onFocus={(e) => e.currentTarget.select()}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          disabled={disabled}
          aria-invalid={invalid}
          aria-label={`Digit ${index + 1} of ${ONE_TIME_CODE.length}`}
        />
      ))}
    </div>
  )
}
