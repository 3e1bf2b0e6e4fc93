// The suggested interest label of a reply (decisions.md §6): never applied by itself, so a wrong guess
// costs a click. Built-in English rules when no model endpoint is set; the prompt and the answer parser
// for the model endpoint (OpenAI-compatible chat completions) when LLM_BASE_URL is.
//
// A meeting REQUEST ("book a call", "what time works", a Calendly link) is `interested` under its own
// rule id (meeting_request): nothing is booked yet, and meeting_booked set from a request would count
// meetings that never happen. `meeting_booked` is suggested only when the reply confirms a time or says
// it booked one.
import { INTEREST_LABELS } from '../leads/leads.inputs';

export type InterestLabel = (typeof INTEREST_LABELS)[number];
export interface InterestSuggestion {
  interest: InterestLabel | null;
  confidence: number;
  rule: string;
}

// `defer` is no label: a timing signal ("not now", "next quarter") that softens whatever else matched.
type Rule = { id: string; label: InterestLabel | 'defer'; strength: number; re: RegExp; negatable?: boolean };

const NEGATED_INTEREST = /(\bnot|n't|\bnever|\bno longer|\bneither|\bnor|\bno)\b(\s+\w+){0,3}?\s+(interested|interesting|interest|fit|relevant|keen)\b/;

// Earlier rules win the text they match: a later rule cannot match inside it ("not interested" is
// never read as "interested").
const RULES: Rule[] = [
  { id: 'out_of_office', label: 'out_of_office', strength: 0.9, re: /\bout of (the )?office\b|\booo\b|\b(automatic|auto)[- ]?reply\b|\bautoreply\b/ },
  {
    id: 'away',
    label: 'out_of_office',
    strength: 0.85,
    re: /\b(i am|i'm|i will be|i'll be|currently) (away|on (vacation|holiday|leave|annual leave|parental leave|maternity leave|paternity leave|sick leave)|travell?ing)\b|\blimited access to (my )?e-?mail\b|\b(i will|i'll) (be back|return)\b|\breturning (on|to the office)\b|\bback in the office\b/,
  },
  {
    id: 'left_company',
    label: 'wrong_person',
    strength: 0.9,
    re: /\bno longer (works?|working|employed|with)\b|\b(has|have) left (the|our) (company|organi[sz]ation|firm|business|team)\b|\bleft the company\b/,
  },
  {
    id: 'wrong_person',
    label: 'wrong_person',
    strength: 0.9,
    re: /\bwrong (person|contact|guy|department)\b|\bnot the (right|correct|best) (person|contact|one)\b|\bnot my (department|area|responsibility)\b|\b(i|we) (don't|do not) (handle|deal with|make decisions)\b|\bnot (responsible|in charge) (for|of)\b/,
  },
  {
    id: 'referral',
    label: 'wrong_person',
    strength: 0.7,
    re: /\byou (should|could|might want to|may want to) (contact|reach out to|speak (to|with)|talk (to|with)|email)\b|\b(the )?right person (is|would be)\b|\b(i've|i have|i'll) (forwarded|cc'd|copied|looped in)\b/,
  },
  {
    id: 'unsubscribe',
    label: 'not_interested',
    strength: 0.95,
    re: /\bunsubscribe\b|\b(please )?remove (me|us|my (e-?mail|address))\b|\btake (me|us) off\b|\bopt(ing)? out\b|\b(stop|quit) (e-?mailing|contacting|sending|messaging)\b|\b(don't|do not) (contact|e-?mail|message|write to) (me|us)\b|\bleave (me|us) alone\b/,
  },
  { id: 'not_interested', label: 'not_interested', strength: 0.9, re: NEGATED_INTEREST },
  {
    id: 'decline',
    label: 'not_interested',
    strength: 0.85,
    re: /\bno,? thank(s| you)\b|\bnot for (us|me)\b|\b(we're|we are|i'm|i am) (all set|good for now|covered)\b|\b(we|i)(['’]ll| will) pass\b|\bpass on this\b|\bnot (looking|in the market)\b|\bno need\b|\b(we|i) already (have|use|work with)\b|\bwe('re| are) happy with\b|\bnot a priority\b/,
  },
  {
    id: 'meeting_confirmed',
    label: 'meeting_booked',
    strength: 0.85,
    re: /\b(i've|i have|i just|just) (booked|scheduled|grabbed|picked)\b|\b(accepted|sent) (the|your|an?) (calendar )?invite\b|\bsee you (on|then|monday|tuesday|wednesday|thursday|friday|tomorrow|next)\b|\b(confirmed|booked) for\b|\b(\d{1,2}(:\d\d)?\s?(am|pm)|monday|tuesday|wednesday|thursday|friday)[^.!?\n]{0,30}\bworks (for me|great|perfectly)\b/,
    negatable: true,
  },
  {
    id: 'meeting_request',
    label: 'interested',
    strength: 0.85,
    re: /\b(book|schedule|set up|arrange|jump on|hop on|have) a (quick )?(call|meeting|chat|demo)\b|\bcalendly\b|\bwhat time (works|suits)\b|\bwhen (are|would) you (be )?(free|available)\b|\b(i'm|i am|we're|we are) (free|available) (on|at|this|next|tomorrow)\b|\bavailable (on|this|next) (monday|tuesday|wednesday|thursday|friday|week)\b|\blet's (talk|chat|meet|connect|set)\b|\bsend (me )?(an? |your )?(calendar )?invite\b/,
    negatable: true,
  },
  {
    id: 'interested',
    label: 'interested',
    strength: 0.85,
    re: /\b(i'm|i am|we're|we are|i'd be|we'd be|would be|definitely|very|quite|am) (interested|keen|curious)\b|\bsounds (good|great|interesting)\b|\btell me more\b|\b(send|share) (me |us )?(more )?(info|information|details|pricing|a deck)\b|\blearn more\b|\bhappy to (chat|talk|hear more)\b|\bcount (me|us) in\b/,
    negatable: true,
  },
  { id: 'interested_keyword', label: 'interested', strength: 0.6, re: /\binterest(ed|ing)\b|\bpricing\b|\bhow much\b|\bwhat does it cost\b/, negatable: true },
  // A bare "yes" or "sure" is the weakest sign: it often answers a question of the reply's own.
  { id: 'assent', label: 'interested', strength: 0.4, re: /\b(sure|yes|ok|okay|absolutely|why not)\b/, negatable: true },
  {
    id: 'defer',
    label: 'defer',
    strength: 0.5,
    re: /\bnot (now|right now|at (this|the) (time|moment)|yet)\b|\bbad timing\b|\bnext (quarter|year|month)\b|\bin a (few|couple of) (weeks|months)\b|\bcircle back\b|\b(reach|check) (back|out again)\b|\bfollow up (in|later|next)\b|\blater this year\b/,
  },
];

// A negation in the same clause shortly before a positive phrase cancels it ("I don't want to book a call").
const NEGATION_BEFORE = /(\bnot|n't|\bnever|\bno longer|\bno)\b[^,.;:!?\n]{0,25}$/;
const OOO_SUBJECT = /\b(out of (the )?office|automatic reply|auto[- ]?reply|autoreply|abwesenheit|absence|away from)\b/i;

type Match = { rule: Rule; index: number };
// What a cancelled positive phrase counts as: a weak no.
const NEGATED_POSITIVE: Rule = { id: 'negated_positive', label: 'not_interested', strength: 0.6, re: /$^/ };

function findMatches(text: string): Match[] {
  const taken: [number, number][] = [];
  const matches: Match[] = [];
  for (const rule of RULES) {
    const re = new RegExp(rule.re.source, 'g');
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const start = m.index;
      const end = start + m[0].length;
      if (m[0].length === 0) re.lastIndex++;
      if (taken.some(([s, e]) => start < e && end > s)) continue;
      taken.push([start, end]);
      const negated = rule.negatable && NEGATION_BEFORE.test(text.slice(Math.max(0, start - 40), start));
      matches.push({ rule: negated ? NEGATED_POSITIVE : rule, index: start });
    }
  }
  return matches;
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The built-in rules' suggestion. The strongest match names the label; a match for another label lowers
 * the confidence by half its own strength; a timing signal next to a positive one gives
 * interested_later (0.5), alone "not now" gives not_interested (0.5) and "next quarter" interested (0.4).
 * The subject counts only for out-of-office: a reply's subject mostly repeats the campaign's own words.
 */
export function suggestInterest(newText: string, subject?: string): InterestSuggestion {
  const text = newText.toLowerCase().replace(/[‘’]/g, "'").replace(/\s+/g, ' ');
  const matches = findMatches(text);
  if (subject && OOO_SUBJECT.test(subject)) matches.push({ rule: { id: 'ooo_subject', label: 'out_of_office', strength: 0.6, re: OOO_SUBJECT }, index: -1 });
  const labelled = matches.filter((m) => m.rule.label !== 'defer');
  const deferred = matches.some((m) => m.rule.label === 'defer');
  if (!labelled.length) {
    if (!deferred) return { interest: null, confidence: 0, rule: 'none' };
    return /\bnot\b|\bbad timing\b/.test(text) ? { interest: 'not_interested', confidence: 0.5, rule: 'not_now' } : { interest: 'interested', confidence: 0.4, rule: 'later' };
  }
  const best = labelled.reduce((a, b) => (b.rule.strength > a.rule.strength ? b : a));
  const label = best.rule.label as InterestLabel;
  // An auto-reply's "please contact X" is no sign that the lead is the wrong person.
  const others = labelled.filter((m) => m.rule.label !== label && !(label === 'out_of_office' && m.rule.id === 'referral'));
  const conflict = others.reduce((max, m) => Math.max(max, m.rule.strength), 0);
  if (label === 'interested' && deferred) return { interest: 'interested', confidence: round(Math.max(0.1, 0.5 - conflict / 2)), rule: 'interested_later' };
  return { interest: label, confidence: round(Math.max(0.1, best.rule.strength - conflict / 2)), rule: best.rule.id };
}

const LABEL_MEANINGS: Record<InterestLabel, string> = {
  interested: 'wants to hear more, asks questions about the offer, or asks for a meeting',
  meeting_booked: 'confirms a meeting time or says they booked one',
  meeting_completed: 'refers to a meeting that already took place',
  won: 'agrees to buy or sign',
  lost: 'ends talks after having been interested',
  not_interested: 'declines, or asks not to be contacted again',
  out_of_office: 'an automatic absence reply',
  wrong_person: 'not the right contact, left the company, or points to someone else',
};

export const PROMPT_TEXT_MAX = 4000;

/** System and user messages for POST {LLM_BASE_URL}/chat/completions. */
export function modelPrompt(newText: string, subject?: string): { role: 'system' | 'user'; content: string }[] {
  const labels = INTEREST_LABELS.map((l) => `- ${l}: ${LABEL_MEANINGS[l]}`).join('\n');
  const system = [
    'You label replies to cold sales emails. Answer with one JSON object and nothing else:',
    '{"interest": <one of the labels below, or null when none fits>, "confidence": <a number from 0 to 1>}',
    'Labels:',
    labels,
  ].join('\n');
  const user = `Subject: ${subject ?? ''}\n\nReply:\n${Array.from(newText).slice(0, PROMPT_TEXT_MAX).join('')}`;
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}

/** The model's answer, or null when it is not a JSON object with a known label (or null) and a 0–1 confidence. */
export function parseModelAnswer(content: string): { interest: InterestLabel | null; confidence: number } | null {
  const unfenced = content.replace(/```(?:json)?/gi, '');
  const start = unfenced.indexOf('{');
  const end = unfenced.lastIndexOf('}');
  if (start < 0 || end < start) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfenced.slice(start, end + 1));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const { interest, confidence } = parsed as Record<string, unknown>;
  const conf = typeof confidence === 'string' && confidence.trim() !== '' ? Number(confidence) : confidence;
  if (typeof conf !== 'number' || !Number.isFinite(conf) || conf < 0 || conf > 1) return null;
  if (interest === null || interest === 'null') return { interest: null, confidence: conf };
  if (typeof interest !== 'string') return null;
  const label = interest.trim().toLowerCase();
  return (INTEREST_LABELS as readonly string[]).includes(label) ? { interest: label as InterestLabel, confidence: conf } : null;
}
