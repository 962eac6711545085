import { Button, Group, Stack, Textarea } from '@mantine/core'
import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import { COMMENT_MAX, supportMessages, type AddCommentInput } from '@/contract/support'
import { toast } from '@/components/toast'
import { useAddComment } from '../api/add-comment'
import { DiscardedWrite } from '../api/comment-key'
import { discardComment, wasRetried } from '../api/comment-queue'

/** The client's reply box under a ticket's comments; offline the comment is queued and sent later. */
export function CommentForm({ ticketId }: { ticketId: number }) {
  const [text, setText] = useState('')
  const typed = useRef('')
  typed.current = text
  const queryClient = useQueryClient()
  const addComment = useAddComment()
  const content = text.trim()
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!content) return
    const input: AddCommentInput = {
      ticket: ticketId,
      content,
      is_internal: false,
      client_ref: crypto.randomUUID(),
    }
    // Offline the comment is queued (shown as pending) and sent when the connection is back.
    const queued = !onlineManager.isOnline()
    if (queued) toast.info(supportMessages.commentQueued, 4000)
    setText('')
    addComment.mutate(input, {
      onError: (error) => {
        // Refused as it was written: the text goes back into an empty box instead of a failed entry. A
        // queued comment refused later stays in the list, failed, with its reason.
        if (queued || wasRetried(input.client_ref) || error instanceof DiscardedWrite || typed.current) return
        setText(input.content)
        discardComment(queryClient, input.client_ref)
      },
    })
  }
  return (
    <form onSubmit={submit} aria-label="New comment" style={{ marginTop: 'var(--mantine-spacing-md)' }}>
      <Stack gap="xs">
        <Textarea
          label="Add a comment"
          placeholder="Write a reply to the team..."
          autosize
          minRows={2}
          maxLength={COMMENT_MAX}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!content}>
            Add Comment
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
