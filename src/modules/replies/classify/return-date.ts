// The day an out-of-office sender is back (decisions.md §6: it sets the lead's awayUntil; nothing is sent
// before it). Read with chrono-node's parsers for the seven languages the issue names.
//
// What the date means, decided for the user who does not want to write to someone still away:
// - "back on / returning / de retour le / wieder am / terug op …" names the first day back: that day.
// - "until / bis / jusqu'au / hasta / fino al / até / tot en met …" names the last day away: the day after.
// - a range ("from 1 to 7 December", "vom 1. bis 7. Dezember") ends on the last day away: the day after.
// A "back" date wins over an "until" date; a date with neither cue is not read (it may be anything).
// The answer is the start of that day in `zone`, strictly after `received` and at most ~6 months ahead; a
// date without a year that has passed this year is next year's. Quoted history is not read.
import * as chrono from 'chrono-node';
import { DateTime } from 'luxon';
import { newText } from '../reply-text';

const MAX_AHEAD_DAYS = 183;
const PARSERS = [chrono.en.casual, chrono.de.casual, chrono.fr.casual, chrono.es.casual, chrono.it.casual, chrono.pt.casual, chrono.nl.casual];

// Cues before the date (and, for "back", just after it: "am 7.12. wieder im Büro", "7 december weer terug").
const BACK_BEFORE =
  /\b(back|return(ing)?|returns|return to the office)\b|zurück|wieder|retour|reviens|de vuelta|regres|volver[ée]|rientr|ritorno|torno|de volta|regress|volto|terug|weer\s*(op|aanwezig)|vanaf|ab dem|ab\b|à partir d|a partir d|a partire d|dal\b/i;
const BACK_AFTER = /^\W{0,3}(wieder|zurück|weer|terug|de retour|de vuelta|di ritorno|de volta)/i;
// No bare "to": "I reply to mail on Monday" is not an absence; "from … to …" is a range chrono reads whole.
const UNTIL_BEFORE = /\b(until|till|til|through|thru)\b|\bbis\b|jusqu|hasta|fino\s+a|até|ate\b|tot( en met)?\b|t\/m|t\.e\.m\./i;

export function returnDate(text: string, received: Date, zone = 'UTC'): Date | null {
  // The person's own words: a date in quoted history is someone else's (reply-text.ts newText).
  const body = newText(text);
  const now = DateTime.fromJSDate(received, { zone });
  const ref = { instant: received, timezone: now.offset };
  let until: DateTime | null = null;
  for (const c of candidates(body, ref)) {
    const before = body.slice(Math.max(0, c.index - 40), c.index);
    const after = body.slice(c.index + c.length, c.index + c.length + 25);
    const isBack = !c.range && (lastCue(before, BACK_BEFORE) > lastCue(before, UNTIL_BEFORE) || BACK_AFTER.test(after));
    const isUntil = c.range || UNTIL_BEFORE.test(before);
    if (!isBack && !isUntil) continue;
    const day = DateTime.fromObject(c.day, { zone }).plus({ days: isBack ? 0 : 1 });
    if (!day.isValid || day <= now || day > now.plus({ days: MAX_AHEAD_DAYS })) continue;
    if (isBack) return day.toJSDate();
    until ??= day;
  }
  return until?.toJSDate() ?? null;
}

interface Candidate {
  index: number;
  length: number;
  range: boolean;
  day: { year: number; month: number; day: number };
}

/** Dates found by any of the parsers (first parser wins at a position), plus numeric "07.12." which
 *  chrono leaves alone: day first, as everywhere the dotted form is written. */
function candidates(body: string, ref: { instant: Date; timezone: number }): Candidate[] {
  const found: Candidate[] = [];
  for (const parser of PARSERS) {
    for (const r of parser.parse(body, ref, { forwardDate: true })) {
      if (!r.start.isCertain('day') && !r.start.isCertain('weekday')) continue;
      const c = r.end ?? r.start;
      found.push({ index: r.index, length: r.text.length, range: r.end !== null, day: { year: c.get('year')!, month: c.get('month')!, day: c.get('day')! } });
    }
  }
  // Where parsers overlap the longest reading wins: English reads "7 d" of "7 décembre" as seven days.
  const byIndex = new Map<number, Candidate>();
  for (const c of found.sort((a, b) => b.length - a.length)) {
    if (![...byIndex.values()].some((o) => overlap(o, c.index, c.length))) byIndex.set(c.index, c);
  }
  const refDay = DateTime.fromJSDate(ref.instant).setZone(ref.timezone === 0 ? 'UTC' : `UTC${ref.timezone > 0 ? '+' : ''}${ref.timezone / 60}`);
  for (const m of body.matchAll(/(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?(?![\d])/g)) {
    const [d, mo] = [Number(m[1]), Number(m[2])];
    let year = m[3] ? Number(m[3].length === 2 ? `20${m[3]}` : m[3]) : refDay.year;
    if (!m[3] && DateTime.fromObject({ year, month: mo, day: d }) < refDay.startOf('day')) year += 1;
    const overlaps = [...byIndex.values()].some((c) => overlap(c, m.index!, m[0].length));
    if (!overlaps) byIndex.set(m.index!, { index: m.index!, length: m[0].length, range: false, day: { year, month: mo, day: d } });
  }
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

const overlap = (c: Candidate, index: number, length: number) => index < c.index + c.length && c.index < index + length;

function lastCue(s: string, cue: RegExp): number {
  let last = -1;
  for (const m of s.matchAll(new RegExp(cue.source, 'gi'))) last = m.index!;
  return last;
}
