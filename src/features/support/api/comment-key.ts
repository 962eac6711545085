/** The queued comment's mutation key, shared by the queue's defaults and the sending code. */
export const ADD_COMMENT_KEY = ['support', 'add-comment'] as const

/** The user threw a queued write away: it is not sent again and shows nowhere. */
export class DiscardedWrite extends Error {
  constructor() {
    super('Discarded')
    this.name = 'DiscardedWrite'
  }
}
