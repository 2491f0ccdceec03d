import { isRoleName, isScopeToken } from '@portal/contract';
import type { Deps } from '../../deps.ts';
import { countGrantValues } from '../../queries/central-grants.ts';

const travels = { role: isRoleName, scope: isScopeToken } as const;

/** The roles and scopes that can go out in a header and a JWT; others, stored before the rule, are left out. */
export const sendableRoles = (values: string[]) => values.filter(isRoleName);
export const sendableScopes = (values: string[]) => values.filter(isScopeToken);

/**
 * Values granted before the rule that a role or scope be a protocol token: forward auth and tokens
 * leave them out. Said at start so an admin can revoke them on Central Consents.
 */
export async function findUnsendableGrants(deps: Pick<Deps, 'db'>): Promise<string[]> {
  const rows = await countGrantValues(deps.db);
  return rows
    .filter((r) => !travels[r.kind](r.value))
    .map((r) => `${r.kind} ${JSON.stringify(r.value)} (${r.holders} grant${r.holders === 1 ? '' : 's'})`);
}
