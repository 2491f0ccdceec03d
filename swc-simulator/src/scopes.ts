/** SWCombine's OAuth scope names, with a line for the consent page. */
const NAMED: Record<string, string> = {
  character_auth: 'Confirm who you are (your character name and UID)',
  character_read: "Read your character's public profile",
  character_stats: "Read your character's statistics (HP, XP)",
  character_privileges: "Read your character's faction privileges",
  character_skills: "Read your character's skills",
  character_credits: "Read your character's credit balance",
  character_credits_write: 'Transfer credits on your behalf',
  character_force: "Read your character's Force details",
  character_location: "Read your character's location",
  character_events: "Read your character's events",
  character_all: 'Full access to your character',
  messages_read: 'Read your messages',
  messages_send: 'Send messages as you',
  messages_delete: 'Delete your messages',
  messages_all: 'Full access to your messages',
  faction_read: "Read your faction's details",
  faction_members: "Read your faction's member list",
  faction_stocks: "Read your faction's stocks",
  faction_credits_read: "Read your faction's credit balance",
  faction_credits_write: 'Transfer faction credits',
  faction_budgets_read: "Read your faction's budgets",
  faction_budgets_write: "Change your faction's budgets",
  faction_datacards_read: "Read your faction's datacards",
  faction_datacards_write: "Assign your faction's datacards",
  faction_all: 'Full access to your faction',
};

const INVENTORY =
  /^(personal|faction)_inv_(?:(ships|vehicles|stations|cities|facilities|planets|items|npcs|droids|materials|creatures)_(read|rename|assign|makeover|tags_read|tags_write|all)|overview)$/;

/** Expects a lowercased name (see splitScopes). */
export function isKnownScope(scope: string): boolean {
  return Object.hasOwn(NAMED, scope) || INVENTORY.test(scope);
}

export function describeScope(scope: string): string {
  const named = NAMED[scope];
  if (named) return named;
  const m = INVENTORY.exec(scope);
  if (!m) return scope;
  const owner = m[1] === 'personal' ? 'your' : "your faction's";
  if (!m[2]) return `See an overview of ${owner} inventory`;
  const action = {
    read: 'Read',
    rename: 'Rename',
    assign: 'Assign',
    makeover: 'Make over',
    tags_read: 'Read tags of',
    tags_write: 'Change tags of',
    all: 'Full access to',
  }[m[3] as 'read'];
  return `${action} ${owner} ${m[2]}`;
}

/**
 * Splits a space-separated scope parameter into lowercase names; duplicates are dropped, order kept.
 * Scope names compare case-insensitively: SWCombine's own screens show `CHARACTER_READ`, clients send lowercase.
 */
export function splitScopes(raw: string): string[] {
  return [...new Set(raw.toLowerCase().split(' ').filter(Boolean))];
}

/** Whether a token holding `granted` may use an endpoint that needs `needed` (`*_all` covers its family). */
export function grants(granted: readonly string[], needed: string): boolean {
  if (granted.includes(needed)) return true;
  // Inventory scopes are their own family: faction_all does not open the faction's inventory.
  const inv = INVENTORY.exec(needed);
  if (inv) return inv[2] !== undefined && granted.includes(`${inv[1]}_inv_${inv[2]}_all`);
  const family = needed.split('_')[0];
  return (family === 'character' || family === 'faction' || family === 'messages') && granted.includes(`${family}_all`);
}
