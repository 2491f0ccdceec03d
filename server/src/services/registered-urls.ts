import type { Deps } from '../deps.ts';
import { registeredUrlProblem, type UrlCaller } from '../domain/outgoing-address.ts';
import { Refused } from '../lib/errors.ts';

interface RegisteredUrl {
  /** The field's name as the admin console shows it. */
  label: string;
  url: string | null | undefined;
  caller: UrlCaller;
}

/** Refuses (400, naming the field) the first URL an admin registers that the portal's one address rule forbids. */
export function refuseForbiddenUrls(deps: Pick<Deps, 'config'>, urls: RegisteredUrl[]): void {
  for (const { label, url, caller } of urls) {
    const problem = url ? registeredUrlProblem(label, url, caller, deps.config.publicUrl) : undefined;
    if (problem) throw new Refused('invalid', problem);
  }
}
