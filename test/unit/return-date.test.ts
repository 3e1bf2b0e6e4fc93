// return-date.ts at fixed received times: every language, "back" vs "until", year roll-over, the
// six-month horizon, quoted history and time zones.
import { returnDate } from '../../src/modules/replies/classify/return-date';

const RECEIVED = new Date('2026-11-25T09:00:00Z'); // a Wednesday
const day = (d: Date | null) => d?.toISOString().slice(0, 10) ?? null;

describe('returnDate', () => {
  it.each([
    // "back" names the first day back
    ['en', 'I will be back on December 7.', '2026-12-07'],
    ['en', 'Returning Monday.', '2026-11-30'],
    ['en', 'Back on 07.12.', '2026-12-07'],
    ['de', 'Ich bin am 07.12. wieder im Büro.', '2026-12-07'],
    ['de', 'Ab dem 7. Dezember bin ich wieder erreichbar.', '2026-12-07'],
    ['fr', 'Je serai de retour le 7 décembre.', '2026-12-07'],
    ['es', 'Estaré de vuelta el 7 de diciembre.', '2026-12-07'],
    ['it', 'Rientro in ufficio il 7 dicembre.', '2026-12-07'],
    ['pt', 'Estarei de volta em 7 de dezembro.', '2026-12-07'],
    ['nl', 'Vanaf 7 december ben ik weer aanwezig.', '2026-12-07'],
    // a weekday or relative day in the language, and a day-first numeric date only those parsers read
    ['es', 'Regreso el lunes.', '2026-11-30'],
    ['de', 'Ab übermorgen wieder im Büro.', '2026-11-27'],
    ['en', 'Back on 13/12.', '2026-12-13'],
    // "until" names the last day away: the day after
    ['en', 'I am out of the office until December 7.', '2026-12-08'],
    ['de', 'Ich bin bis zum 7. Dezember nicht im Büro.', '2026-12-08'],
    ['fr', "Je suis absent jusqu'au 7 décembre inclus.", '2026-12-08'],
    ['es', 'Estaré fuera hasta el 7 de diciembre.', '2026-12-08'],
    ['it', 'Sono fuori ufficio fino al 7 dicembre.', '2026-12-08'],
    ['pt', 'Estou ausente até 7 de dezembro.', '2026-12-08'],
    ['nl', 'Ik ben afwezig tot en met 7 december.', '2026-12-08'],
    // ranges end on the last day away
    ['en', 'Away from 1 to 7 December.', '2026-12-08'],
    ['de', 'Vom 1. bis 7. Dezember abwesend.', '2026-12-08'],
  ])('%s: %s', (_lang, text, expected) => {
    expect(day(returnDate(text, RECEIVED))).toBe(expected);
  });

  it('prefers a "back" date over an "until" date', () => {
    expect(day(returnDate('Out until December 4 (a Friday), back on December 7.', RECEIVED))).toBe('2026-12-07');
  });

  it('rolls a date without a year that has passed into next year', () => {
    expect(day(returnDate('Back on January 4.', RECEIVED))).toBe('2027-01-04');
    expect(day(returnDate('Zurück am 04.01.', RECEIVED))).toBe('2027-01-04');
  });

  it('ignores dates more than about six months ahead, in the past, or today', () => {
    expect(returnDate('Back on June 30.', RECEIVED)).toBeNull(); // 2027-06-30: seven months
    expect(returnDate('I was back on November 2, 2026.', RECEIVED)).toBeNull();
    expect(returnDate('Back today.', RECEIVED)).toBeNull();
  });

  it('ignores dates without a "back" or "until" cue, and text without dates', () => {
    expect(returnDate('Your message of December 7 was received.', RECEIVED)).toBeNull();
    expect(returnDate('I am away with limited access to email.', RECEIVED)).toBeNull();
    expect(returnDate('I reply to mail on December 7.', RECEIVED)).toBeNull();
    expect(day(returnDate('Away December 1 to December 7.', RECEIVED))).toBe('2026-12-08');
  });

  it('ignores dates in quoted history', () => {
    expect(returnDate('I am away.\n\nOn Tue, Nov 24, 2026 Alex wrote:\n> back on December 3', RECEIVED)).toBeNull();
    expect(returnDate('Ich bin unterwegs.\n> bis zum 3. Dezember', RECEIVED)).toBeNull();
    expect(returnDate('Absent.\n-----Original Message-----\nFrom: x\nback on December 3', RECEIVED)).toBeNull();
  });

  it('returns the start of the day in the given zone', () => {
    expect(returnDate('Back on December 7.', RECEIVED, 'Europe/Berlin')?.toISOString()).toBe('2026-12-06T23:00:00.000Z');
    expect(returnDate('Back on December 7.', RECEIVED, 'America/New_York')?.toISOString()).toBe('2026-12-07T05:00:00.000Z');
  });

  it('reads a dotted date without a year in a zone whose offset is not a whole hour', () => {
    // Asia/Kolkata is UTC+5:30, Asia/Kathmandu UTC+5:45, America/St_Johns UTC-3:30 in December.
    expect(returnDate('Ich bin am 07.12. wieder im Büro.', RECEIVED, 'Asia/Kolkata')?.toISOString()).toBe('2026-12-06T18:30:00.000Z');
    expect(returnDate('Ich bin am 07.12. wieder im Büro.', RECEIVED, 'Asia/Kathmandu')?.toISOString()).toBe('2026-12-06T18:15:00.000Z');
    expect(returnDate('Back on 07.12.', RECEIVED, 'America/St_Johns')?.toISOString()).toBe('2026-12-07T03:30:00.000Z');
  });

  it('reads the weekday from the received day in the zone', () => {
    // Sunday 23:30 in New York is Monday 04:30 UTC: "returning Monday" there means the next day, Monday.
    const sundayNight = new Date('2026-11-30T04:30:00Z');
    expect(returnDate('Returning Monday.', sundayNight, 'America/New_York')?.toISOString()).toBe('2026-11-30T05:00:00.000Z');
  });
});
