/** One API request as the simulator saw it (the control API lists the latest). */
export interface RequestRecord {
  /** Milliseconds since the epoch. */
  at: number;
  method: string;
  /** Discord's route template, e.g. `PATCH /guilds/{guild.id}/members/{user.id}`. */
  route: string;
  bucket: string | null;
  status: number;
  /** Sent while the bucket (or the global limit) had said to wait: a client that obeys sends none. */
  early: boolean;
}

const TEN_MINUTES = 10 * 60 * 1000;
const KEPT = 2000;

/** Counters of the API's answers, for tests and benches that check how a client behaves. */
export class Stats {
  requests = 0;
  byRoute: Record<string, number> = {};
  byStatus: Record<string, number> = {};
  rateLimited = 0;
  rateLimitedByBucket: Record<string, number> = {};
  early = 0;
  /** 401, 403 and 429 answers (429s of the shared scope aside): what Discord counts toward an address's ban. */
  invalid = 0;
  /** Answers the outage switch made: 5xx, or connections closed without an answer. */
  outages = 0;
  private readonly invalidTimes: number[] = [];
  private readonly recent: RequestRecord[] = [];

  record(r: RequestRecord, scope: string | undefined): void {
    this.requests++;
    this.byRoute[r.route] = (this.byRoute[r.route] ?? 0) + 1;
    this.byStatus[r.status] = (this.byStatus[r.status] ?? 0) + 1;
    if (r.early) this.early++;
    if (r.status === 429) {
      this.rateLimited++;
      const key = r.bucket ?? 'global';
      this.rateLimitedByBucket[key] = (this.rateLimitedByBucket[key] ?? 0) + 1;
    }
    if (r.status === 401 || r.status === 403 || (r.status === 429 && scope !== 'shared')) {
      this.invalid++;
      this.invalidTimes.push(r.at);
    }
    this.recent.push(r);
    if (this.recent.length > KEPT) this.recent.splice(0, this.recent.length - KEPT);
  }

  /** Invalid requests in the ten minutes before `now` (Discord bans an address at 10,000). */
  invalidInLastTenMinutes(now: number): number {
    while (this.invalidTimes.length && this.invalidTimes[0]! <= now - TEN_MINUTES) this.invalidTimes.shift();
    return this.invalidTimes.length;
  }

  /** The latest requests, oldest first (at most the last 2,000). */
  latest(limit: number): RequestRecord[] {
    return this.recent.slice(-limit);
  }
}
