/**
 * What is asked before a logout (the app shell registers it: comments not delivered yet are shown
 * with a choice). Answers whether the logout goes on.
 */
let check: (() => Promise<boolean>) | null = null

export function setLogoutCheck(next: () => Promise<boolean>): () => void {
  check = next
  return () => {
    if (check === next) check = null
  }
}

export function confirmLogout(): Promise<boolean> {
  return check ? check() : Promise.resolve(true)
}
