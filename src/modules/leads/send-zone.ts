// The zone a lead's sends follow (api.md Campaigns rule 4): with lead_timezone on, days and hours are
// read in the lead's own zone where it has one; otherwise, and for leads without one, the campaign's.

export interface ZoneSettings {
  timezone: string;
  leadTimezone: boolean;
}

export function sendZone(campaign: ZoneSettings, lead: { timezone: string | null }): string {
  return campaign.leadTimezone && lead.timezone ? lead.timezone : campaign.timezone;
}
