/** How the API fails while an outage is on: an HTTP error status, or a connection closed without an answer. */
export type OutageMode = { kind: 'error'; status: number } | { kind: 'unreachable' };

interface Active {
  mode: OutageMode;
  requests?: number;
  until?: number;
}

/** The outage switch: the next N API requests, or those of the next T seconds, fail. */
export class Outage {
  private active: Active | undefined;
  private readonly now: () => number;
  constructor(now: () => number) {
    this.now = now;
  }

  start(mode: OutageMode, how: { requests?: number; seconds?: number }): void {
    this.active = { mode, requests: how.requests, until: how.seconds !== undefined ? this.now() + how.seconds * 1000 : undefined };
  }

  stop(): void {
    this.active = undefined;
  }

  /** The failure for this request (counting it), or undefined when the API answers. */
  take(): OutageMode | undefined {
    const a = this.active;
    if (!a) return undefined;
    const timeLeft = a.until === undefined || this.now() < a.until;
    const requestsLeft = a.requests === undefined || a.requests > 0;
    if (!timeLeft || !requestsLeft) {
      this.active = undefined;
      return undefined;
    }
    if (a.requests !== undefined) a.requests--;
    return a.mode;
  }

  /** What is on, for the control API: `null` when the API answers. */
  describe(): { mode: string; status?: number; requests_left?: number; seconds_left?: number } | null {
    const a = this.active;
    if (!a) return null;
    if ((a.until !== undefined && this.now() >= a.until) || a.requests === 0) return null;
    return {
      mode: a.mode.kind,
      ...(a.mode.kind === 'error' ? { status: a.mode.status } : {}),
      ...(a.requests !== undefined ? { requests_left: a.requests } : {}),
      ...(a.until !== undefined ? { seconds_left: Math.round(a.until - this.now()) / 1000 } : {}),
    };
  }
}
