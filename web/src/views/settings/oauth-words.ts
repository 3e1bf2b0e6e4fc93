// The callback's outcomes in the console's words (decisions.md §15), apart from the component so the
// unit test of the console's words reads them (test/unit/console-words.test.ts).

/** decisions.md §15: the callback's outcomes, in words. */
export const OAUTH_ERRORS: Record<string, string> = {
  access_denied: 'The sign-in was cancelled at Google or Microsoft, so no inbox was connected.',
  invalid_state: 'That sign-in link was used already or has expired (it lasts 10 minutes). Start again with the button below.',
  mailbox_exists: 'That address is already one of your inboxes. To sign it in again, use Reconnect on its row.',
  address_mismatch: "You signed in as another address than the inbox you were reconnecting: sign in as the inbox's own address.",
  provider_error: 'Google or Microsoft did not complete the sign-in. Try again; if it keeps failing, check how the app is registered with them.',
  plan_limit: "Your plan's inbox limit was reached while you were signing in, so the inbox was not connected. Remove an inbox, then connect again.",
};
