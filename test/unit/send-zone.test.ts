// sendZone: the lead's zone when the campaign reads days and hours per lead (lead_timezone) and the
// lead has one; the campaign's zone otherwise.
import { sendZone } from '../../src/modules/leads/send-zone';

describe('sendZone', () => {
  it("follows the lead's zone when the campaign has lead_timezone on and the lead has a zone", () => {
    expect(sendZone({ timezone: 'Europe/Berlin', leadTimezone: true }, { timezone: 'America/New_York' })).toBe('America/New_York');
  });

  it("falls back to the campaign's zone for a lead without one", () => {
    expect(sendZone({ timezone: 'Europe/Berlin', leadTimezone: true }, { timezone: null })).toBe('Europe/Berlin');
  });

  it("ignores the lead's zone while lead_timezone is off", () => {
    expect(sendZone({ timezone: 'Europe/Berlin', leadTimezone: false }, { timezone: 'America/New_York' })).toBe('Europe/Berlin');
  });
});
