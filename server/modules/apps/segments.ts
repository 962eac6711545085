import { SegmentedMessage } from 'sms-segments-calculator'
import type { ServiceType } from '@/contract/apps'

/**
 * What a message costs of its package. SMS as carriers bill them (Twilio's segment calculator): GSM-7
 * text fits 160 characters in one segment and 153 per segment once split (the extension characters
 * such as € count two), anything else is UCS-2 at 70 and 67 (UTF-16 units, so an emoji counts two and a
 * split never cuts one). E-mail and WhatsApp messages count one each.
 */
export function segmentsOf(channel: ServiceType, body: string): number {
  if (channel !== 'sms') return 1
  return new SegmentedMessage(body, 'auto').segmentsCount
}
