// decisions.md §10: guessing passwords and making workspaces in bulk are throttled. Login counts failed
// attempts per address and per client address for 15 minutes; sign-up counts every attempt per client
// address for an hour (src/security/rate-limits/: shared by every process, answered 429 with Retry-After).
import type { RateRule } from '../../security/rate-limits/rate-limiter';

export const LOGIN_FAILURES_PER_ADDRESS: RateRule = {
  name: 'login_failures_address',
  points: 10,
  windowSeconds: 15 * 60,
  refusal: 'Too many failed logins for this address',
};

export const LOGIN_FAILURES_PER_CLIENT: RateRule = {
  name: 'login_failures_client',
  points: 30,
  windowSeconds: 15 * 60,
  refusal: 'Too many failed logins from your network address',
};

export const SIGNUPS_PER_CLIENT: RateRule = {
  name: 'signups_client',
  points: 20,
  windowSeconds: 60 * 60,
  refusal: 'Too many sign-ups from your network address',
};
