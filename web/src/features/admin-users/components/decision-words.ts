import type { AccessDecisionView } from '@portal/contract';

const REFUSED_SHORT: Record<string, string> = { none: 'no grant or rule', suspended: 'suspended', revoked: 'revoked' };

/** The decision and its source, for a table: 'Admitted — faction Galactic Weapon Systems', 'Refused — suspended'. */
export function decisionLabel(decision: AccessDecisionView): string {
  return decision.allowed ? `Admitted — ${decision.source}` : `Refused — ${REFUSED_SHORT[decision.source] ?? decision.source}`;
}

const ADMITTED: Record<string, string> = {
  grant: 'admitted through the grant',
  bypass: 'admitted through the bypass: the app is open to every player',
  'global admin': 'admitted as a global admin',
  portal: 'every player may open the portal',
};
const REFUSED: Record<string, string> = {
  none: 'refused: no grant, group or faction admits them',
  suspended: 'refused: the suspension outweighs every rule',
  revoked: 'refused: the revocation outweighs every rule',
};

/** What follows 'Current: none' on Access Control: '— admitted through faction Galactic Weapon Systems'. */
export function decisionClause(decision: AccessDecisionView): string {
  const words = decision.allowed
    ? (ADMITTED[decision.source] ?? `admitted through ${decision.source}`)
    : (REFUSED[decision.source] ?? `refused: ${decision.source}`);
  return `— ${words}`;
}
