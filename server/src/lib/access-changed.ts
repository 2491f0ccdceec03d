/**
 * "Access changed": something that decides who may do what has changed (a suspension, an ended
 * session, a group, an app's settings, a signing key). It is announced here and on every other
 * replica; each cache that rests on those facts listens and drops what it kept, so the next request
 * anywhere is decided afresh.
 */
export interface AccessChanged {
  /**
   * Tells every listener here, then the other replicas; resolves once the message is out, so a change
   * answered to an admin is already on its way to every replica.
   */
  publish(): Promise<void>;
  /** Calls `listener` at every change announced here or by another replica. */
  listen(listener: () => void): void;
  /** Another replica announced a change (or it may have while the channel was down): the listeners here hear it. */
  heard(): void;
}

/** `toOtherReplicas` carries the announcement to the other replicas (none by default: a single process). */
export function createAccessChanged(toOtherReplicas: () => Promise<void> = async () => undefined): AccessChanged {
  const listeners: (() => void)[] = [];
  const heard = () => {
    for (const listener of listeners) listener();
  };
  return {
    publish() {
      heard();
      return toOtherReplicas();
    },
    listen(listener) {
      listeners.push(listener);
    },
    heard,
  };
}
