import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header a forwarded event is signed in, as Stripe's `Stripe-Signature`: `t=<unix seconds>,v1=<hex>`. */
export const SIGNATURE_HEADER = 'x-portal-signature';

/** HMAC-SHA256 with the shared secret over `<t>.<body>`: the timestamp is signed too, so an old delivery cannot be replayed as new. */
function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, body)}`;
}

/** What a receiver does (and the tests): the header's signature matches the body, and it is at most `toleranceS` old. */
export function verifySignature(secret: string, header: string, body: string, nowS: number, toleranceS = 300): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowS - t) > toleranceS || !/^[0-9a-f]{64}$/.test(v1)) return false;
  return timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(signatureOf(secret, t, body), 'hex'));
}
