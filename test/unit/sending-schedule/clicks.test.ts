// clicks.ts: which clicks were a person (api.md Steps rule 4): not within 5 minutes of the send, not a
// HEAD, not one of two different links of one email hit within LINK_BURST_MS (10 s).
import { hasHumanClick, humanClicks, LINK_BURST_MS, SCANNER_DELAY_MS, type Click } from '../../../src/modules/sending/schedule';

const SENT = new Date('2026-06-10T09:00:00Z');
const click = (afterSendMs: number, url = 'https://example.com/a', over: Partial<Click> = {}): Click => ({
  sendId: 'send-1',
  sentAt: SENT,
  at: new Date(SENT.getTime() + afterSendMs),
  url,
  method: 'GET',
  ...over,
});
const MIN = 60_000;

describe('human clicks', () => {
  it('counts a GET more than five minutes after the send', () => {
    expect(hasHumanClick([click(SCANNER_DELAY_MS + 1000)])).toBe(true);
    expect(hasHumanClick([click(2 * 60 * MIN)])).toBe(true);
  });

  it('drops clicks up to five minutes after the send', () => {
    expect(SCANNER_DELAY_MS).toBe(5 * MIN);
    expect(hasHumanClick([click(30_000)])).toBe(false);
    expect(hasHumanClick([click(SCANNER_DELAY_MS)])).toBe(false);
  });

  it('drops HEAD requests whenever they come', () => {
    expect(hasHumanClick([click(60 * MIN, undefined, { method: 'HEAD' })])).toBe(false);
    expect(hasHumanClick([click(60 * MIN, undefined, { method: 'head' })])).toBe(false);
  });

  it('drops two different links of one email hit within 10 seconds, both of them', () => {
    const a = click(60 * MIN, 'https://example.com/a');
    const b = click(60 * MIN + LINK_BURST_MS, 'https://example.com/b');
    expect(LINK_BURST_MS).toBe(10_000);
    expect(humanClicks([a, b])).toEqual([]);
  });

  it('counts different links hit further apart than that', () => {
    const a = click(60 * MIN, 'https://example.com/a');
    const b = click(60 * MIN + LINK_BURST_MS + 1, 'https://example.com/b');
    expect(humanClicks([a, b])).toEqual([a, b]);
  });

  it('counts the same link hit twice quickly (a double-click)', () => {
    const first = click(60 * MIN);
    const second = click(60 * MIN + 500);
    expect(humanClicks([first, second])).toEqual([first, second]);
  });

  it('lets a scanner HEAD or early hit on another link mark a burst', () => {
    const head = click(60 * MIN, 'https://example.com/b', { method: 'HEAD' });
    const get = click(60 * MIN + 2000, 'https://example.com/a');
    expect(humanClicks([head, get])).toEqual([]);
  });

  it('only looks for bursts inside one email', () => {
    const a = click(60 * MIN, 'https://example.com/a');
    const b = click(60 * MIN + 1000, 'https://example.com/b', { sendId: 'send-2' });
    expect(humanClicks([a, b])).toEqual([a, b]);
  });

  it('has no human click without clicks', () => {
    expect(hasHumanClick([])).toBe(false);
  });
});
