/**
 * Presses a button again the way the visitor pressed it before the app had started: a pointer's press
 * as the whole press (down, up, click), since some controls answer the press and not its click (the
 * show/hide password toggle acts on mousedown and ignores a bare click); a key's press as the click
 * that Enter or Space makes.
 */
export function pressAgain(button: HTMLElement, byPointer: boolean) {
  if (byPointer) {
    const box = button.getBoundingClientRect()
    const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 }
    const press = { bubbles: true, cancelable: true, composed: true, button: 0, ...at }
    const pointer = { ...press, pointerId: 1, pointerType: 'mouse', isPrimary: true }
    button.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, buttons: 1 }))
    button.dispatchEvent(new MouseEvent('mousedown', { ...press, buttons: 1, detail: 1 }))
    button.dispatchEvent(new PointerEvent('pointerup', { ...pointer, buttons: 0 }))
    button.dispatchEvent(new MouseEvent('mouseup', { ...press, buttons: 0, detail: 1 }))
  }
  button.click()
}
