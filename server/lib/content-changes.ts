/**
 * Staff changed public content: what keeps its own copy of it (the portfolio's listing caches, the
 * assistant's knowledge) forgets it on this instance at once; other instances follow when their copies
 * expire (30 s for listings, 60 s for the assistant).
 */
export class ContentChanges {
  private readonly listeners: (() => void)[] = []

  onChange(listener: () => void) {
    this.listeners.push(listener)
  }

  changed() {
    for (const listener of this.listeners) listener()
  }
}
