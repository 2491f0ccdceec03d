import { promises as dns, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { classifyAddress, classifyHost, REFUSAL_REASONS, refusedKind, type DestinationPolicy } from '../domain/outgoing-address.ts';

/** Every address a host name resolves to, as the system resolver answers (tests answer for made-up names). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: ResolveHost = (hostname) => dns.lookup(hostname, { all: true });

interface OutgoingPost {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface OutgoingOptions extends DestinationPolicy {
  /** Bounds the whole delivery: resolving, connecting and the answer's status line. */
  timeoutMs: number;
  resolve?: ResolveHost;
}

/**
 * The outcome in words, for audit rows an admin reads: never the target's status code or error
 * text, which would turn deliveries into a scanner of whatever the portal can reach.
 * `transient` failures may pass on a later try; the others will answer the same every time.
 */
type OutgoingResult = { ok: true } | { ok: false; reason: string; transient: boolean };

const failed = (reason: string, transient: boolean): OutgoingResult => ({ ok: false, reason, transient });
const noAnswer = (options: OutgoingOptions) => failed(`no answer within ${options.timeoutMs / 1000} s`, true);

function fromStatus(status: number): OutgoingResult {
  if (status >= 200 && status < 300) return { ok: true };
  if (status >= 300 && status < 400) return failed('the app answered with a redirect, which is not followed', false);
  if (status >= 500) return failed('the app failed to handle it', true);
  if (status === 408 || status === 429) return failed('the app asked to try again later', true);
  return failed('the app refused it', false);
}

function fromError(err: NodeJS.ErrnoException): OutgoingResult {
  const code = err.code ?? '';
  if (code === 'ECONNREFUSED') return failed('nothing answers at the address', true);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return failed('the host name does not resolve', true);
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE') {
    return failed("the app's TLS certificate is not trusted", true);
  }
  return failed('the connection failed', true);
}

function refusal(kind: ReturnType<typeof classifyHost>, policy: DestinationPolicy): OutgoingResult | undefined {
  const refused = refusedKind(kind, policy);
  return refused && failed(REFUSAL_REASONS[refused], false);
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    work.then(resolve, reject);
  });
}

/** Resolves the URL's host once and checks every address; the request then connects only to those. */
async function checkedAddresses(url: URL, options: OutgoingOptions, signal: AbortSignal): Promise<LookupAddress[] | OutgoingResult> {
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (classifyAddress(literal)) return [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  let addresses: LookupAddress[];
  try {
    addresses = await untilAborted((options.resolve ?? systemResolve)(url.hostname), signal);
  } catch (err) {
    return signal.aborted ? noAnswer(options) : fromError(err as NodeJS.ErrnoException);
  }
  if (addresses.length === 0) return failed('the host name does not resolve', true);
  // One forbidden address refuses the name: which one a connection would take is not ours to choose.
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (!kind) return failed('the host name resolves to something that is no IP address', false);
    const refused = refusal(kind, options);
    if (refused) return refused;
  }
  return addresses;
}

/** Hands the connection only the addresses already checked, so that no second DNS answer (rebinding) is used. */
function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const usable = family ? addresses.filter((a) => a.family === family) : addresses;
    const first = usable[0];
    if (!first) return callback(Object.assign(new Error('no checked address of this family'), { code: 'ENOTFOUND' }), '');
    if (options.all) return callback(null, usable);
    callback(null, first.address, first.family);
  };
}

/**
 * POSTs to a URL an admin registered (back-channel logout; later other deliveries). Redirects are
 * never followed (node:http does not follow them; a 3xx is a failure), link-local and cloud
 * metadata addresses are never called, nor loopback unless the policy allows it; the address DNS
 * answered is checked at delivery time and is the one connected to.
 */
export async function postToRegisteredUrl(post: OutgoingPost, options: OutgoingOptions): Promise<OutgoingResult> {
  let url: URL;
  try {
    url = new URL(post.url);
  } catch {
    return failed('the URL is not valid', false);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed('the URL is not http(s)', false);
  const literal = refusal(classifyHost(url.hostname), options);
  if (literal) return literal;

  const signal = AbortSignal.timeout(options.timeoutMs);
  const addresses = await checkedAddresses(url, options, signal);
  if (!Array.isArray(addresses)) return addresses;
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
        // A fresh connection through the pinned lookup, never a pooled one opened to another address.
        agent: false,
        lookup: pinnedLookup(addresses),
        signal,
      },
      (res) => {
        res.destroy(); // the status is all we read
        resolve(fromStatus(res.statusCode ?? 0));
      },
    );
    req.on('error', (err) => resolve(signal.aborted ? noAnswer(options) : fromError(err)));
    req.end(post.body);
  });
}
