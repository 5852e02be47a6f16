/** Where the server reads the time from, so tests can move it (idle expiry, lockouts, link expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to; for tests. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start: Date | string = '2026-03-02T15:00:00Z') {
    this.#now = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#now);
  }
  advance(ms: number): void {
    this.#now += ms;
  }
  advanceMinutes(minutes: number): void {
    this.advance(minutes * 60_000);
  }
}
