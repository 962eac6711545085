import { site } from './site'

/** The assistant's name: the title of the chat window and how it introduces itself. */
export const ASSISTANT_NAME = `${site.name} AI Assistant`

export const assistantTexts = {
  greeting: `Hello! I'm the ${ASSISTANT_NAME}. Ask me about our services, prices, timelines, projects or careers, or how to start a project.`,
  thinking: 'AI is thinking...',
  /** Spec 000 §8 "Chat failure": an apology pointing to the support e-mail. */
  failure: `I'm sorry, I'm having trouble connecting right now. Please try again in a moment, or email our support team at ${site.supportEmail}.`,
  inputLabel: 'Your question',
  inputPlaceholder: 'Type your question...',
  send: 'Send',
  open: `Open the ${ASSISTANT_NAME}`,
  close: 'Close the assistant',
  suggestionsLabel: 'Suggested questions',
  sandboxHint: 'Sandbox: these answers come from our own site content, not from an external AI service.',
} as const

/** Spec 000 §9: the reply is typed out one word every 50 ms. */
export const TYPING_INTERVAL_MS = 50
/** Spec 000 §9: the chat window is at most 700 px tall. */
export const CHAT_MAX_HEIGHT_PX = 700
/** Suggested questions show while the conversation has this many messages or fewer (the greeting is one). */
export const SUGGESTIONS_UNTIL_MESSAGES = 1

export const MAX_QUESTION_LENGTH = 1000
/** Earlier turns sent with a question, so a follow-up ("and how long?") keeps its subject. */
export const MAX_HISTORY_MESSAGES = 10
export const MAX_HISTORY_MESSAGE_LENGTH = 4000
