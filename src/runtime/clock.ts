// Time is injected so scheduling and expiry logic can be tested at fixed instants.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
