export interface Row {
  uid: string;
  name: string;
}

/** Rows in a stable order with lookup by UID; rows are replaced, never edited in place. */
export class Catalogue<T extends Row> {
  private readonly rows: T[];
  private readonly index = new Map<string, T>();
  private maxId = 0;

  constructor(rows: T[]) {
    this.rows = rows;
    for (const r of rows) this.track(r);
  }

  private track(row: T): void {
    this.index.set(row.uid, row);
    this.maxId = Math.max(this.maxId, Number(row.uid.split(':')[1]) || 0);
  }

  get all(): readonly T[] {
    return this.rows;
  }

  get(uid: string): T | undefined {
    return this.index.get(uid);
  }

  add(row: T): void {
    if (this.index.has(row.uid)) throw new TypeError(`duplicate uid ${row.uid}`);
    this.rows.push(row);
    this.track(row);
  }

  /** Puts `row` in the place of the row with the same UID. */
  replace(row: T): void {
    const old = this.index.get(row.uid);
    if (!old) throw new TypeError(`no row ${row.uid}`);
    this.rows[this.rows.indexOf(old)] = row;
    this.index.set(row.uid, row);
  }

  rename(uid: string, name: string): void {
    const row = this.index.get(uid);
    if (!row) throw new TypeError(`no row ${uid}`);
    this.replace({ ...row, name });
  }

  /** Removes every row `drop` selects; answers their UIDs. */
  removeWhere(drop: (row: T) => boolean): string[] {
    const removed: string[] = [];
    let kept = 0;
    for (const row of this.rows) {
      if (drop(row)) {
        removed.push(row.uid);
        this.index.delete(row.uid);
      } else {
        this.rows[kept++] = row;
      }
    }
    this.rows.length = kept;
    return removed;
  }

  /** One more than the largest id ever held, so a removed UID is never given out again. */
  nextId(): number {
    return this.maxId + 1;
  }
}
