import { useCallback, useEffect, useRef, useState } from 'react'
import { assistantTexts, TYPING_INTERVAL_MS } from '@/contract/assistant'
import { sendChatMessage } from './api/send-chat-message'
import { toRequestContext, type PageAssistantContext } from './assistant-context'
import {
  createMessage,
  freshConversation,
  historyFor,
  loadConversation,
  saveConversation,
  splitWords,
  type ConversationMessage,
  type StoredConversation,
} from './conversation'

export interface TypingState {
  id: string
  /** Words of the reply on screen so far. */
  shown: number
  total: number
}

/** The conversation, the request in flight and the word-by-word typing of the latest reply. */
export function useAssistantChat(context: PageAssistantContext | null) {
  const [conversation, setConversation] = useState<StoredConversation>(loadConversation)
  const [pending, setPending] = useState(false)
  const [typing, setTyping] = useState<TypingState | null>(null)
  // Guards against a second Enter arriving before React has re-rendered with `pending`.
  const inFlight = useRef(false)

  useEffect(() => saveConversation(conversation), [conversation])

  useEffect(() => {
    if (!typing) return
    if (typing.shown >= typing.total) {
      setTyping(null)
      return
    }
    const timer = window.setTimeout(
      () => setTyping((current) => current && { ...current, shown: current.shown + 1 }),
      TYPING_INTERVAL_MS,
    )
    return () => window.clearTimeout(timer)
  }, [typing])

  const addReply = useCallback((reply: ConversationMessage, sandbox?: boolean) => {
    setConversation((current) => ({
      messages: [...current.messages, reply],
      sandbox: sandbox ?? current.sandbox,
    }))
    setTyping({ id: reply.id, shown: 1, total: splitWords(reply.content).length })
  }, [])

  /** Sends a question; blank text or a question while one is in flight is ignored (spec 000 §4, §5). */
  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const question = text.trim()
      if (!question || inFlight.current) return false
      inFlight.current = true
      const history = historyFor(conversation.messages)
      setConversation((current) => ({
        ...current,
        messages: [...current.messages, createMessage('user', question)],
      }))
      setTyping(null)
      setPending(true)
      try {
        const answer = await sendChatMessage({
          message: question,
          history,
          page: window.location.pathname.slice(0, 300),
          context: toRequestContext(context),
        })
        addReply(createMessage('assistant', answer.reply, { sources: answer.sources }), answer.sandbox)
      } catch {
        addReply(createMessage('assistant', assistantTexts.failure, { failed: true }))
      } finally {
        inFlight.current = false
        setPending(false)
      }
      return true
    },
    [conversation.messages, context, addReply],
  )

  const reset = useCallback(() => {
    setTyping(null)
    setConversation((current) => ({ ...freshConversation(), sandbox: current.sandbox }))
  }, [])

  return { messages: conversation.messages, sandbox: conversation.sandbox, pending, typing, send, reset }
}
