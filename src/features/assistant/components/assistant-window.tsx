import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core'
import { IconMessageChatbot, IconRefresh, IconSend } from '@tabler/icons-react'
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { AppLink } from '@/components/app-link'
import {
  ASSISTANT_NAME,
  assistantTexts,
  CHAT_MAX_HEIGHT_PX,
  MAX_QUESTION_LENGTH,
  SUGGESTIONS_UNTIL_MESSAGES,
} from '@/contract/assistant'
import { HOME_ASSISTANT_CONTEXT } from '@/contract/services'
import { site } from '@/contract/site'
import { useCurrentAssistantContext, type PageAssistantContext } from '../assistant-context'
import { splitWords, type ConversationMessage } from '../conversation'
import { suggestedQuestions } from '../suggestions'
import { useAssistantChat, type TypingState } from '../use-assistant-chat'
import classes from './assistant-window.module.css'

function contextLine(context: PageAssistantContext | null): string {
  switch (context?.kind) {
    case 'service':
      return `Asking about: ${context.title}`
    case 'project':
      return `Asking about: ${context.title}`
    case 'home':
      return HOME_ASSISTANT_CONTEXT
    default:
      return 'Ask about our services, prices and projects'
  }
}

function MessageBubble({
  message,
  typing,
  onNavigate,
}: {
  message: ConversationMessage
  typing: TypingState | null
  onNavigate: () => void
}) {
  const isTyping = typing?.id === message.id
  const text = isTyping ? splitWords(message.content).slice(0, typing.shown).join('') : message.content
  const sources = (message.sources ?? []).filter((s) => s.url.startsWith('/'))
  return (
    <Box
      className={classes.bubble}
      data-role={message.role}
      data-failed={message.failed || undefined}
      data-testid={`chat-message-${message.role}`}
    >
      <VisuallyHidden>{message.role === 'user' ? 'You said: ' : `${ASSISTANT_NAME}: `}</VisuallyHidden>
      {text}
      {!isTyping && sources.length > 0 && (
        <Box mt={8}>
          <Text size="xs" c="dimmed" component="span">
            Sources:{' '}
          </Text>
          {sources.map((source, index) => (
            <span key={source.url}>
              {index > 0 && ', '}
              <AppLink href={source.url} size="xs" onNavigate={onNavigate}>
                {source.title}
              </AppLink>
            </span>
          ))}
        </Box>
      )}
      {!isTyping && message.failed && (
        <Box mt={6}>
          <Anchor href={`mailto:${site.supportEmail}`} size="xs">
            {site.supportEmail}
          </Anchor>
        </Box>
      )}
    </Box>
  )
}

/** The slide-in chat window of spec 000 ("AI chat assistant"); loaded on first open. */
export function AssistantWindow({
  opened,
  onClose,
  onClosed,
}: {
  opened: boolean
  onClose: () => void
  /** After the closing transition; the launcher takes the focus back. */
  onClosed?: () => void
}) {
  const context = useCurrentAssistantContext()
  const chat = useAssistantChat(context)
  const [draft, setDraft] = useState('')
  const input = useRef<HTMLTextAreaElement>(null)
  const log = useRef<HTMLDivElement>(null)

  const last = chat.messages[chat.messages.length - 1]
  const showSuggestions = chat.messages.length <= SUGGESTIONS_UNTIL_MESSAGES && !chat.pending
  const canSend = draft.trim() !== '' && !chat.pending
  const announcement = chat.pending
    ? assistantTexts.thinking
    : chat.messages.length > 1 && last?.role === 'assistant'
      ? last.content
      : ''

  useEffect(() => {
    const element = log.current
    if (element) element.scrollTop = element.scrollHeight
  }, [chat.messages.length, chat.typing?.shown, chat.pending, opened])

  function submit(text: string) {
    if (text.trim() === '' || chat.pending) return
    setDraft('')
    void chat.send(text)
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    submit(draft)
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter keeps the textarea's own new line; IME composition is left alone.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit(draft)
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={420}
      xOffset={16}
      yOffset={16}
      radius="lg"
      transitionProps={{ transition: 'slide-left', duration: 200 }}
      classNames={{
        inner: classes.inner,
        content: classes.content,
        header: classes.header,
        body: classes.body,
      }}
      styles={{ content: { maxHeight: CHAT_MAX_HEIGHT_PX } }}
      // The window mounts already open on first use, so Mantine never saw the element to return focus to.
      returnFocus={false}
      onExitTransitionEnd={onClosed}
      closeButtonProps={{ 'aria-label': assistantTexts.close }}
      title={
        <Group gap="sm" wrap="nowrap">
          <IconMessageChatbot size={28} color="var(--mantine-color-signal-5)" aria-hidden />
          <Stack gap={0}>
            <Group gap={6}>
              <Text fw={700} component="span">
                {ASSISTANT_NAME}
              </Text>
              {chat.sandbox && (
                <Tooltip label={assistantTexts.sandboxHint} multiline w={240}>
                  <Badge size="xs" color="yellow" variant="light" tabIndex={0}>
                    Sandbox
                  </Badge>
                </Tooltip>
              )}
            </Group>
            <Text size="xs" c="dimmed" component="span" data-testid="assistant-context">
              {contextLine(context)}
            </Text>
          </Stack>
        </Group>
      }
    >
      <div ref={log} className={classes.log} role="log" aria-live="off" aria-label="Conversation">
        {chat.messages.map((message) => (
          <MessageBubble key={message.id} message={message} typing={chat.typing} onNavigate={onClose} />
        ))}
        {showSuggestions && (
          <Stack gap={6} role="group" aria-label={assistantTexts.suggestionsLabel} align="flex-start">
            {suggestedQuestions(context).map((question) => (
              <Button
                key={question}
                variant="light"
                size="compact-sm"
                radius="xl"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                h="auto"
                py={6}
                onClick={() => {
                  submit(question)
                  input.current?.focus()
                }}
              >
                {question}
              </Button>
            ))}
          </Stack>
        )}
        {chat.pending && (
          <Group gap="xs" aria-hidden data-testid="assistant-thinking">
            <Loader type="dots" size="sm" />
            <Text size="sm" c="dimmed">
              {assistantTexts.thinking}
            </Text>
          </Group>
        )}
      </div>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <form className={classes.form} onSubmit={onSubmit}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Tooltip label="Start a new conversation">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Start a new conversation"
              onClick={() => {
                chat.reset()
                input.current?.focus()
              }}
              disabled={chat.pending}
            >
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Textarea
            ref={input}
            data-autofocus
            aria-label={assistantTexts.inputLabel}
            placeholder={assistantTexts.inputPlaceholder}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={MAX_QUESTION_LENGTH}
            style={{ flex: 1 }}
          />
          <ActionIcon type="submit" size="lg" aria-label={assistantTexts.send} disabled={!canSend}>
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </form>
    </Modal>
  )
}
