import { describe, expect, it } from 'vitest'
import { detectIntents } from '../../server/adapters/assistant/local/intents'

const intents = (question: string) => [...detectIntents(question)].sort()

describe('reading what a question asks', () => {
  it('reads one word in one sense: the longer phrase takes it', () => {
    // "by the hour" is a unit of price, not business hours; "opening hours" are no job openings.
    expect(intents('Do you charge by the hour?')).toEqual(['price', 'unit'])
    expect(intents('What are your opening hours?')).toEqual(['hours', 'more'])
    expect(intents('Do you have open positions?')).toEqual(['careers'])
  })

  it('lets the precise reading hide the loose one', () => {
    expect(intents("What's the delivery rate?")).toEqual(['more', 'successRate'])
    expect(intents('How soon will I get a quote?')).toEqual(['response'])
    expect(intents('How long until I hear back?')).toEqual(['response'])
    expect(intents("What's delivered when it's finished?")).toEqual(['deliverables', 'more'])
  })

  it('does not read a service name as a question about technology', () => {
    expect(intents('How much is legal tech consulting?')).toEqual(['price'])
  })
})
