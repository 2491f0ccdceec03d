/** A control call that cannot be done, with its HTTP status and a message in words. */
export class ControlError extends Error {
  readonly status: 400 | 404;
  constructor(status: 400 | 404, message: string) {
    super(message);
    this.status = status;
  }
}

/** A whole number from `min` up (to `max`), or a ControlError naming the field. */
export function wholeNumber(value: unknown, field: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ControlError(400, `${field} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

/** A number of seconds above 0 (at most a day), or a ControlError naming the field. */
export function positiveSeconds(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 86_400) {
    throw new ControlError(400, `${field} must be a number of seconds above 0 and at most 86400.`);
  }
  return value;
}

/** The body as a plain object whose keys are all among `allowed`, or a ControlError. */
export function objectBody(body: unknown, allowed: readonly string[], help: string): Record<string, unknown> {
  const value = body === undefined || body === null || body === '' ? {} : body;
  if (typeof value !== 'object' || Array.isArray(value)) throw new ControlError(400, `The body must be a JSON object. ${help}`);
  const extra = Object.keys(value).filter((k) => !allowed.includes(k));
  if (extra.length) throw new ControlError(400, `Unknown field ${extra.join(', ')}. ${help}`);
  return value as Record<string, unknown>;
}
