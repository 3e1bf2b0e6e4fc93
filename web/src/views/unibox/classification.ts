// The classifier's rule in words (src/modules/replies/classify: bounce, then auto-reply, then reply; first
// match wins, decisions.md §6). null for a rule not worded here: the view then shows its name, so a new
// rule is never hidden.
const RULES: Record<string, string> = {
  dsn: 'a standard delivery status notification (RFC 3464) says the email was not delivered',
  dsn_nonstandard_exchange: "Microsoft Exchange's non-delivery wording says the email was not delivered",
  dsn_nonstandard_gmail: "Gmail's non-delivery wording says the email was not delivered",
  dsn_nonstandard_postfix: "Postfix's non-delivery wording says the email was not delivered",
  dsn_nonstandard_exim: "Exim's non-delivery wording says the email was not delivered",
  dsn_nonstandard_other: "a mail server's non-delivery wording says the email was not delivered",
  auto_submitted: 'its Auto-Submitted header (RFC 3834) says a program sent it',
  x_autoreply: 'its X-Autoreply header says it was sent automatically',
  x_autorespond: 'its X-Autorespond header says it was sent automatically',
  precedence_auto_reply: 'its Precedence: auto_reply header says it was sent automatically',
  mailing_list: 'it came through a mailing list, which is not an auto-reply, so it counts as a reply',
  reply: 'it carries no bounce or auto-reply marker, so a person wrote it',
};

export function ruleInWords(rule: string): string | null {
  if (RULES[rule]) return RULES[rule];
  const ooo = /^ooo_subject_(\w+)$/.exec(rule);
  if (ooo) return `its subject reads like an out-of-office notice (${ooo[1]})`;
  return null;
}
