/** The queued comment's mutation key and input, shared by the queue's defaults and the sending code. */
export const ADD_COMMENT_KEY = ['support', 'add-comment'] as const

export interface AddCommentInput {
  ticket: number
  content: string
  is_internal: boolean
  /** Lets the server store a resent queued comment once. */
  client_ref: string
}

/** The user threw a queued write away: it is not sent again and shows nowhere. */
export class DiscardedWrite extends Error {
  constructor() {
    super('Discarded')
    this.name = 'DiscardedWrite'
  }
}
