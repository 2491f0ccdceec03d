import type { AuditEntry } from '../../queries/audit.ts';
import type { OidcPayloadRow } from '../../queries/oidc-payloads.ts';
import type { OidcRecordWrite, OidcRequestWriteSet } from '../../queries/oidc-request-writes.ts';

type Payload = Record<string, unknown>;
const keyOf = (model: string, id: string) => `${model} ${id}`;
const withConsumed = (payload: Payload, at: Date | null): Payload =>
  at ? { ...payload, consumed: Math.floor(at.getTime() / 1000) } : payload;

/**
 * What one request to the OpenID Provider writes, held until the library has answered and then
 * written in one statement before the answer leaves (provider.ts): the library's records (the last
 * change to each), the session's app record and the audit rows. The request reads its own writes.
 */
export class OidcRequestWrites {
  private readonly records = new Map<string, OidcRecordWrite>();
  private readonly sessionApps: { sessionId: string; appId: string }[] = [];
  private readonly audits: AuditEntry[] = [];
  /** The grant of each record the request read, for ending it if its redemption loses a race. */
  private readonly grants = new Map<string, string>();

  upsert(row: OidcPayloadRow): void {
    const key = keyOf(row.model, row.id);
    const before = this.records.get(key);
    const consumedAt = before?.op === 'upsert' ? before.consumedAt : before?.op === 'consume' ? before.at : null;
    this.records.set(key, { op: 'upsert', row, consumedAt });
  }

  consume(model: string, id: string, at: Date): void {
    const key = keyOf(model, id);
    const before = this.records.get(key);
    if (before?.op === 'upsert') this.records.set(key, { ...before, consumedAt: at });
    else if (before?.op !== 'destroy') this.records.set(key, { op: 'consume', model, id, at });
  }

  destroy(model: string, id: string): void {
    this.records.set(keyOf(model, id), { op: 'destroy', model, id });
  }

  /**
   * The record as this request left it: `{ payload }` (undefined once destroyed) when it wrote it
   * whole or destroyed it; undefined when it has to be read (`read` then marks it consumed if it was).
   */
  written(model: string, id: string): { payload: Payload | undefined } | undefined {
    const write = this.records.get(keyOf(model, id));
    if (write?.op === 'upsert') return { payload: withConsumed(write.row.payload, write.consumedAt) };
    if (write?.op === 'destroy') return { payload: undefined };
    return undefined;
  }

  /** The record with this uid this request wrote whole, if any. */
  writtenByUid(model: string, uid: string): { payload: Payload } | undefined {
    for (const write of this.records.values()) {
      if (write.op === 'upsert' && write.row.model === model && write.row.uid === uid) {
        return { payload: withConsumed(write.row.payload, write.consumedAt) };
      }
    }
    return undefined;
  }

  /** A record read from the database, as this request has changed it (consumed), noting its grant. */
  read(model: string, id: string, payload: Payload | undefined): Payload | undefined {
    if (typeof payload?.grantId === 'string') this.grants.set(keyOf(model, id), payload.grantId);
    const write = this.records.get(keyOf(model, id));
    return payload && write?.op === 'consume' ? withConsumed(payload, write.at) : payload;
  }

  /** A grant ended during the request: nothing issued under it may be written after, nor its records consumed. */
  dropGrant(grantId: string): void {
    for (const [key, write] of this.records) {
      const under =
        write.op === 'upsert'
          ? write.row.grantId === grantId || (write.row.model === 'Grant' && write.row.id === grantId)
          : write.op === 'consume' && this.grants.get(key) === grantId;
      if (under) this.records.delete(key);
    }
  }

  recordSessionApp(sessionId: string, appId: string): void {
    this.sessionApps.push({ sessionId, appId });
  }

  audit(entry: AuditEntry): void {
    this.audits.push(entry);
  }

  /** The grants of the records this request consumes (to end when a redemption loses). */
  consumedGrants(): string[] {
    const ids = [...this.records.entries()].filter(([, w]) => w.op === 'consume').map(([key]) => this.grants.get(key));
    return [...new Set(ids.filter((id): id is string => id !== undefined))];
  }

  /** Everything held so far, handed over once: the set is empty afterwards. */
  take(): OidcRequestWriteSet {
    const set = { records: [...this.records.values()], sessionApps: [...this.sessionApps], audits: [...this.audits] };
    this.records.clear();
    this.sessionApps.length = 0;
    this.audits.length = 0;
    return set;
  }
}
