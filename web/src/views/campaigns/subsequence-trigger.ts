// A subsequence's trigger (decisions.md §11 "Subsequences") in words, and the interest labels a trigger may
// name. The labels and their words are the unibox's (one list, views/unibox/filters.ts), less "Not
// labelled", which is no interest a lead can come to.
import { LABELS } from '../unibox/filters';
import { either } from './words';

export const INTEREST_CHOICES = LABELS.filter((l) => l.value !== 'lead');

/** The trigger as the schema gives it (SubsequenceTrigger) and takes it (SubsequenceTriggerInput). */
export interface Trigger {
  interest?: readonly string[] | null;
  replyContains?: readonly string[] | null;
  completed?: boolean | null;
}

const interestWords = (label: string) => INTEREST_CHOICES.find((l) => l.value === label)?.label ?? label.replace(/_/g, ' ');

/** "when the lead's interest becomes Interested or Meeting booked", "when a reply contains 'pricing'",
 *  "when the lead finished the sequence without replying". */
export function triggerInWords(trigger: Trigger): string {
  if (trigger.interest?.length) return `when the lead's interest becomes ${either(trigger.interest.map(interestWords))}`;
  if (trigger.replyContains?.length) return `when a reply contains ${either(trigger.replyContains.map((w) => `'${w}'`))}`;
  if (trigger.completed) return 'when the lead finished the sequence without replying';
  return 'on no trigger the console knows';
}

/** The words field of the form ("pricing, price list") → the trigger's list: split on commas, trimmed,
 *  blanks dropped (the service refuses a blank word). */
export const splitWords = (text: string): string[] =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w.length > 0);
