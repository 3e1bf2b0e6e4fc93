// The console's own words for the service's codes (web/src/views/campaigns/status-words.ts, issue 31):
// every code the service can give a sending status's reasons and notes, a preview's notes and an
// activation's warnings is worded, and the words speak to a person, not an API client (no field names,
// no endpoints, no snake_case), with a link to the control that fixes it where there is one. A code the
// service gains fails here until the console words it.
import { LAUNCH_WARNING_CODES } from '../../src/modules/campaigns/campaigns.service';
import { PREVIEW_NOTE_CODES } from '../../src/modules/checks/checks.service';
import { DIAGNOSE_CODES } from '../../src/modules/checks/diagnose.service';
import { OAUTH_ERROR_CODES } from '../../src/modules/oauth/oauth-connect.service';
import { NOTE_CODES, REASON_CODES } from '../../src/modules/sending/schedule/sending-status';
import {
  askedControl,
  CONTROL_TAB,
  fixHref,
  inWords,
  NOTE_WORDS,
  PREVIEW_NOTE_WORDS,
  REASON_WORDS,
  REFUSAL_WORDS,
  WARNING_WORDS,
  tabForFix,
  type WordContext,
} from '../../web/src/views/campaigns/status-words';
import { OAUTH_ERRORS } from '../../web/src/views/settings/oauth-words';

const TABLES = {
  reasons: { words: REASON_WORDS, codes: REASON_CODES },
  notes: { words: NOTE_WORDS, codes: NOTE_CODES },
  'preview notes': { words: PREVIEW_NOTE_WORDS, codes: PREVIEW_NOTE_CODES },
  // An activation's warnings: launch's own, and every code diagnose reports (it adds them).
  'activation warnings': { words: WARNING_WORDS, codes: [...LAUNCH_WARNING_CODES, ...DIAGNOSE_CODES] },
};

/** What the API's messages say to API clients and the console must not: field and endpoint names. */
const API_SPEAK = /\b[a-z]+_[a-z_]+\b|PATCH|PUT|POST|GET|\/campaigns|\/mailboxes|mailbox_ids|mailbox_tags/;

const CONTEXTS: WordContext[] = [
  {},
  { campaign: { status: 'draft' } },
  {
    campaign: { status: 'paused', startDate: '2027-01-04', endDate: '2026-12-31', timezone: 'Europe/Berlin', dailyLimit: 40, maxNewLeadsPerDay: 15 },
    details: { bounced: 6, sent: 100 },
  },
];

describe.each(Object.entries(TABLES))('%s', (_name, { words, codes }) => {
  it('word every code the service gives', () => {
    const missing = [...new Set<string>(codes)].filter((code) => !(code in words));
    expect(missing).toEqual([]);
  });

  it('speak to a person: no field or endpoint names, whatever the context; each fix a place the console has', () => {
    for (const code of Object.keys(words)) {
      for (const context of CONTEXTS) {
        const worded = inWords(words, code, context);
        expect({ code, text: worded.text, api: API_SPEAK.test(worded.text) }).toEqual({ code, text: worded.text, api: false });
        expect(worded.text).toMatch(/^[A-Z].*\.$/);
        if (worded.fix) {
          expect({ code, label: API_SPEAK.test(worded.fix.label) }).toEqual({ code, label: false });
          expect(fixHref('c-1', worded.fix.place)).toMatch(/^\/(campaigns\/c-1\?fix=[a-z-]+|settings\/inboxes|reports)$/);
        }
      }
    }
  });
});

it('links every reason, note, preview note and warning to the control that fixes it', () => {
  for (const table of [REASON_WORDS, NOTE_WORDS, PREVIEW_NOTE_WORDS, WARNING_WORDS, REFUSAL_WORDS]) {
    for (const code of Object.keys(table)) expect({ code, fix: Boolean(inWords(table, code).fix) }).toEqual({ code, fix: true });
  }
});

it('word the codes being added beside this work (OAuth reconnection, placement pauses) ahead, in reasons, notes and warnings', () => {
  for (const table of [REASON_WORDS, NOTE_WORDS, WARNING_WORDS]) {
    expect(inWords(table, 'inbox_reconnect_needed')).toEqual({ text: expect.stringMatching(/^Reconnect the inbox/), fix: expect.objectContaining({ place: 'settings-inboxes' }) });
    expect(inWords(table, 'inbox_placement')).toEqual({
      text: expect.stringMatching(/^An inbox was paused because its mail lands in spam/),
      fix: expect.objectContaining({ place: 'settings-inboxes' }),
    });
  }
});

it('word a settings save refused for naming a seed inbox (mailbox_is_seed, decisions.md §16), pointing at the inbox picker', () => {
  const worded = inWords(REFUSAL_WORDS, 'mailbox_is_seed');
  expect(worded).toEqual({ text: expect.stringMatching(/^A seed inbox cannot send for a campaign/), fix: expect.objectContaining({ place: 'inboxes' }) });
  expect(API_SPEAK.test(worded.text)).toBe(false);
});

it('name the fixes the issue asks for: the inbox picker, the Steps tab, the schedule', () => {
  expect(inWords(REASON_WORDS, 'no_inbox').fix?.place).toBe('inboxes');
  expect(inWords(PREVIEW_NOTE_WORDS, 'no_inbox').fix?.place).toBe('inboxes');
  expect(inWords(REASON_WORDS, 'no_steps').fix?.place).toBe('steps');
  expect(inWords(REASON_WORDS, 'outside_hours').fix?.place).toBe('schedule');
  expect([CONTROL_TAB.inboxes, CONTROL_TAB.steps, CONTROL_TAB.schedule]).toEqual(['settings', 'steps', 'settings']);
  expect(fixHref('c-1', 'inboxes')).toBe('/campaigns/c-1?fix=inboxes');
  expect(tabForFix('?fix=inboxes')).toBe('settings');
  expect(tabForFix('fix=activate')).toBeNull(); // the header's button, above the tabs
  expect(askedControl('?fix=nonsense')).toBeNull();
});

it("use the campaign's own settings and a reason's figures, and never a message for a code they lack", () => {
  const [, draft, paused] = CONTEXTS;
  expect(inWords(REASON_WORDS, 'not_active', draft).text).toBe('The campaign is a draft. Activate it to start sending.');
  expect(inWords(REASON_WORDS, 'not_active', paused).fix?.label).toBe('Resume');
  expect(inWords(REASON_WORDS, 'bounce_protect', paused).text).toContain('6 hard bounces in its last 100 emails');
  expect(inWords(REASON_WORDS, 'before_start', paused).text).toBe('The campaign starts on 2027-01-04 (Europe/Berlin); nothing is sent before then.');
  expect(inWords(REASON_WORDS, 'daily_limit', paused).text).toContain('40 emails');
  expect(inWords(REASON_WORDS, 'some_new_code')).toEqual({ text: 'The service reports “some new code”.' });
});

it('words every outcome of an OAuth sign-in the callback can send the browser back with, to a person (decisions.md §15)', () => {
  expect(OAUTH_ERROR_CODES.filter((code) => !(code in OAUTH_ERRORS))).toEqual([]);
  for (const code of OAUTH_ERROR_CODES)
    expect({ code, api: API_SPEAK.test(OAUTH_ERRORS[code]!), text: OAUTH_ERRORS[code] }).toMatchObject({ code, api: false, text: expect.stringMatching(/^[A-Z].*\.$/) });
});
