import { AccessRuleInput, RoleValue, ScopeValue, type AccessRule, type AccessRulesInput } from '@portal/contract';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/** One rule as the form holds it: the grace period is '' while its field is empty. */
interface RuleValues {
  group_id: string;
  roles: string[];
  scopes: string[];
  grace_hours: number | string;
}

export interface RulesValues {
  rules: RuleValues[];
}

export function valuesOf(rules: readonly AccessRule[]): RulesValues {
  return {
    rules: rules.map(({ group_id, roles, scopes, grace_hours }) => ({ group_id, roles: [...roles], scopes: [...scopes], grace_hours })),
  };
}

/** What Preview and Save send: the app's whole set of rules. */
export function bodyOf(values: RulesValues): AccessRulesInput {
  return {
    rules: values.rules.map(({ group_id, roles, scopes, grace_hours }) => ({
      group_id,
      roles,
      scopes,
      grace_hours: grace_hours === '' ? 0 : Number(grace_hours),
    })),
  };
}

/** The first value the contract's rule refuses, named: '“fleet officer”: A role may hold only …'. */
function firstRefused(values: readonly string[], rule: z.ZodType<string, string>, max: number, noun: string): string | null {
  if (values.length > max) return `A rule gives at most ${max} ${noun}.`;
  for (const value of values) {
    const checked = rule.safeParse(value);
    if (!checked.success) return `“${value}”: ${checked.error.issues[0]?.message ?? 'not allowed'}`;
  }
  return null;
}

const graceRule = AccessRuleInput.shape.grace_hours;

/**
 * The contract's checks of each rule, each message at its field (`rules.0.roles`), in words of the
 * field the admin sees: 'Grace period must be a whole number of hours', not the body's 'grace_hours'.
 */
export function validateRules(values: RulesValues): FormErrors {
  const errors: FormErrors = {};
  values.rules.forEach((rule, i) => {
    const roles = firstRefused(rule.roles, RoleValue, 50, 'roles');
    if (roles) errors[`rules.${i}.roles`] = roles;
    const scopes = firstRefused(rule.scopes, ScopeValue, 50, 'scopes');
    if (scopes) errors[`rules.${i}.scopes`] = scopes;
    const grace = graceRule.safeParse(rule.grace_hours === '' ? 0 : rule.grace_hours);
    if (!grace.success) errors[`rules.${i}.grace_hours`] = (grace.error.issues[0]?.message ?? '').replace(/^grace_hours/, 'Grace period');
  });
  return errors;
}
