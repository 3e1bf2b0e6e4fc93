// "Today" for the campaigns list: the workspace's calendar day (api.md: report dates are in the workspace
// timezone), whatever the browser's zone.
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
