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
import type * as Chrono from 'chrono-node';
import { DateTime } from 'luxon';
import { newText } from '../reply-text';

const MAX_AHEAD_DAYS = 183;

/**
 * The parsers, each with the words that show a text may hold a date only it reads. English runs on
 * every text (it also reads the numeric forms every language shares); another language's parser runs
 * only when the text has one of its month or weekday names (from the runtime's ICU data) or its words
 * for days, weeks and months and for today and tomorrow. Seven parsers on every out-of-office took
 * about 0.2 ms each on the poller's main thread, which held up the batch pipeline (reply-ingest
 * benchmark: ~3.9 s without this, ~3.4 s with no date read at all). A numeric day/month with a slash or
 * dash ("13/12"), which only the day-first parsers read, runs them all.
 */
let parsers: { parser: Chrono.Chrono; words: RegExp | null }[] | null = null;
/** Made on the first read of an out-of-office: chrono-node is about 650 KB of code with its languages,
 *  and the word patterns ask ICU for a hundred names, which every process and test file otherwise paid
 *  at load whether or not it ever reads an auto-reply. */
function languageParsers() {
  if (parsers) return parsers;
  // A plain require, not import(): the reading is synchronous.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const chrono = require('chrono-node') as typeof Chrono;
  parsers = [
    { parser: chrono.en.casual, words: null },
    { parser: chrono.de.casual, words: languageWords('de', 'heute morgen ubermorgen tag tage tagen woche wochen monat monate monaten') },
    { parser: chrono.fr.casual, words: languageWords('fr', "aujourd'hui demain apres-demain jour jours semaine semaines mois") },
    { parser: chrono.es.casual, words: languageWords('es', 'hoy manana pasado dia dias semana semanas mes meses') },
    { parser: chrono.it.casual, words: languageWords('it', 'oggi domani dopodomani giorno giorni settimana settimane mese mesi') },
    { parser: chrono.pt.casual, words: languageWords('pt', 'hoje amanha dia dias semana semanas mes meses') },
    { parser: chrono.nl.casual, words: languageWords('nl', 'vandaag morgen overmorgen dag dagen week weken maand maanden') },
  ];
  return parsers;
}
const DAY_FIRST_NUMERIC = /\b\d{1,2}[/-]\d{1,2}\b/;

/** Lower case without accents, so "Décembre", "decembre" and "DÉCEMBRE" read alike. */
function plain(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A whole-word pattern of the locale's month names (long and short) and weekday names, and `extra`. */
function languageWords(locale: string, extra: string): RegExp {
  const format = (options: Intl.DateTimeFormatOptions, at: (i: number) => number, n: number) =>
    Array.from({ length: n }, (_, i) => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(at(i)));
  const names = [
    ...format({ month: 'long' }, (i) => Date.UTC(2026, i, 1), 12),
    ...format({ month: 'short' }, (i) => Date.UTC(2026, i, 1), 12),
    // 2026-01-05 is a Monday. Portuguese weekdays are also written without "-feira".
    ...format({ weekday: 'long' }, (i) => Date.UTC(2026, 0, 5 + i), 7).flatMap((d) => [d, d.split('-')[0]!]),
    ...extra.split(' '),
  ].map((w) => plain(w).replace(/\.$/, ''));
  const escaped = [...new Set(names)].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<!\\p{L})(?:${escaped.join('|')})(?!\\p{L})`, 'u');
}

// Cues before the date (and, for "back", just after it: "am 7.12. wieder im Büro", "7 december weer terug").
const BACK_BEFORE =
  /\b(back|return(ing)?|returns|return to the office)\b|zurück|wieder|retour|reviens|de vuelta|regres|volver[ée]|rientr|ritorno|torno|de volta|regress|volto|terug|weer\s*(op|aanwezig)|vanaf|ab dem|ab\b|à partir d|a partir d|a partire d|dal\b/i;
const BACK_AFTER = /^\W{0,3}(wieder|zurück|weer|terug|de retour|de vuelta|di ritorno|de volta)/i;
// No bare "to": "I reply to mail on Monday" is not an absence; "from … to …" is a range chrono reads whole.
const UNTIL_BEFORE = /\b(until|till|til|through|thru)\b|\bbis\b|jusqu|hasta|fino\s+a|até|ate\b|tot( en met)?\b|t\/m|t\.e\.m\./i;

/** An out-of-office notice says when its writer is back in its first lines; the date parsers grow faster
 *  than the text (0.7 s on 100,000 characters of "On 1 a"), so they read this much of it at most
 *  (decisions.md §10). */
export const RETURN_DATE_SCAN_CHARS = 5_000;

export function returnDate(text: string, received: Date, zone = 'UTC'): Date | null {
  // The person's own words: a date in quoted history is someone else's (reply-text.ts newText).
  const body = newText(text).slice(0, RETURN_DATE_SCAN_CHARS);
  const now = DateTime.fromJSDate(received, { zone });
  const ref = { instant: received, timezone: now.offset };
  let until: DateTime | null = null;
  for (const c of candidates(body, ref, now)) {
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
function candidates(body: string, ref: { instant: Date; timezone: number }, now: DateTime): Candidate[] {
  const found: Candidate[] = [];
  const text = plain(body);
  const allLanguages = DAY_FIRST_NUMERIC.test(body);
  for (const { parser, words } of languageParsers()) {
    if (words && !allLanguages && !words.test(text)) continue;
    for (const r of parser.parse(body, ref, { forwardDate: true })) {
      if (!r.start.isCertain('day') && !r.start.isCertain('weekday')) continue;
      const c = r.end ?? r.start;
      found.push({ index: r.index, length: r.text.length, range: r.end !== null, day: { year: c.get('year')!, month: c.get('month')!, day: c.get('day')! } });
    }
  }
  // Where parsers overlap the longest reading wins: English reads "7 d" of "7 décembre" as seven days.
  // The characters already taken, so each overlap test reads only the candidate's own span: comparing with
  // every kept candidate was quadratic on a text of thousands of dates (decisions.md §10).
  const taken = new Uint8Array(body.length + 1);
  const free = (index: number, length: number) => !taken.subarray(index, index + length).includes(1);
  const take = (c: Candidate) => {
    taken.fill(1, c.index, c.index + c.length);
    byIndex.set(c.index, c);
  };
  const byIndex = new Map<number, Candidate>();
  for (const c of found.sort((a, b) => b.length - a.length)) {
    if (free(c.index, c.length)) take(c);
  }
  // The day as the campaign's zone has it, by the zone's name: rebuilt from the offset (`UTC+5.5` for
  // Asia/Kolkata) it was no zone luxon knows, and a date without a year was lost wherever the offset is
  // not a whole hour.
  for (const m of body.matchAll(/(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?(?![\d])/g)) {
    const [d, mo] = [Number(m[1]), Number(m[2])];
    let year = m[3] ? Number(m[3].length === 2 ? `20${m[3]}` : m[3]) : now.year;
    if (!m[3] && DateTime.fromObject({ year, month: mo, day: d }, { zone: now.zone }) < now.startOf('day')) year += 1;
    if (free(m.index!, m[0].length)) take({ index: m.index!, length: m[0].length, range: false, day: { year, month: mo, day: d } });
  }
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

function lastCue(s: string, cue: RegExp): number {
  let last = -1;
  for (const m of s.matchAll(new RegExp(cue.source, 'gi'))) last = m.index!;
  return last;
}
