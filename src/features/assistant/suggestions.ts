import type { PageAssistantContext } from './assistant-context'

/** Three questions the local answerer handles well, fitted to the page the visitor is on. */
export function suggestedQuestions(context: PageAssistantContext | null): [string, string, string] {
  switch (context?.kind) {
    case 'service':
      return [
        `How much does ${context.title} cost?`,
        `How long does a ${context.title} project take?`,
        `What technologies do you use for ${context.title}?`,
      ]
    case 'project':
      return [
        `What technologies were used in ${context.title}?`,
        'Can you build a similar project for me?',
        'How do I start a project?',
      ]
    case 'home':
      return ['What services do you offer?', 'How much does a mobile app cost?', 'How do I start a project?']
    default:
      return ['What services do you offer?', 'What are your business hours?', 'How do I start a project?']
  }
}
