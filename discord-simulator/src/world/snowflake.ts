/** Discord's epoch, the first second of 2015, in Unix milliseconds. */
export const DISCORD_EPOCH = 1_420_070_400_000n;

/** A snowflake (as Discord sends it: a decimal string) for a moment and a sequence number. */
export function snowflake(unixMs: number, increment: number): string {
  return (((BigInt(unixMs) - DISCORD_EPOCH) << 22n) | BigInt(increment & 0xfff)).toString();
}

/** Unix milliseconds encoded in a snowflake. */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

/** What Discord accepts as a snowflake in a path or body: a decimal 64-bit integer. */
export function isSnowflake(value: unknown): value is string {
  return typeof value === 'string' && /^\d{1,20}$/.test(value) && BigInt(value) < 1n << 64n;
}

/** Orders snowflakes as numbers, as Discord does when it pages members by user id. */
export function compareSnowflakes(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
