// GET /saved-replies/examples (api.md Saved replies): three built-in starting points, never stored. They
// use the saved-reply merge fields (api.md Conventions): `{{firstName|fallback}}` and
// `{{sendingAccountFirstName}}`, so they read right for any lead and any inbox.
export interface SavedReplyExample {
  name: string;
  body: string;
}

export const SAVED_REPLY_EXAMPLES: readonly SavedReplyExample[] = [
  {
    name: 'Book a call',
    body:
      'Hi {{firstName|there}},\n\n' +
      'Thanks for getting back to me. Would a 20-minute call this week work to see whether this fits? ' +
      'Tuesday or Thursday afternoon are open on my side; if another time suits you better, just name it.\n\n' +
      'Best,\n{{sendingAccountFirstName}}',
  },
  {
    name: 'Send more information',
    body:
      'Hi {{firstName|there}},\n\n' +
      'Happy to share more. In short: we help teams like yours do the same work with less manual effort, ' +
      'and most see results within the first month. I can send a one-page overview, or walk you through it ' +
      'in 15 minutes, whichever you prefer.\n\n' +
      'Thanks,\n{{sendingAccountFirstName}}',
  },
  {
    name: 'Not the right time',
    body:
      'Hi {{firstName|there}},\n\n' +
      "Understood, thanks for letting me know. I won't follow up for now. If things change, reply to this " +
      "email and I'll pick it up from here.\n\n" +
      'All the best,\n{{sendingAccountFirstName}}',
  },
];
