import {
  AppInput,
  DEFAULT_GRANT_TYPES,
  parseProgress,
  splitRedirectUrls,
  type App,
  type DashboardApp,
  type GrantType,
} from '@portal/contract';
import { contractValidator } from '@/lib/form-validation.ts';

/** The form edits every App field as text; the redirect URLs as one space-separated text. */
export interface AppFormValues {
  key: string;
  name: string;
  audience: string;
  icon: string;
  url: string;
  description: string;
  phase: string;
  phaseDesc: string;
  phaseColor: string;
  progress: string;
  redirect_urls: string;
  frontchannel_logout_url: string;
  backchannel_logout_url: string;
  allow_global_admin: boolean;
  allow_delegated_swc_token: boolean;
  skip_uid_whitelist: boolean;
  require_passkey: boolean;
  /** The grants its OpenID Connect client may use (the contract's grant type names). */
  grant_types: string[];
  /** The machine client's scopes, as one space-separated text. */
  machine_scopes: string;
}

export const emptyAppForm: AppFormValues = {
  key: '',
  name: '',
  audience: '',
  icon: '',
  url: '',
  description: '',
  phase: '',
  phaseDesc: '',
  phaseColor: '',
  progress: '0',
  redirect_urls: '',
  frontchannel_logout_url: '',
  backchannel_logout_url: '',
  allow_global_admin: false,
  allow_delegated_swc_token: false,
  skip_uid_whitelist: false,
  require_passkey: false,
  grant_types: [...DEFAULT_GRANT_TYPES],
  machine_scopes: '',
};

export function formFromApp(app: App): AppFormValues {
  return {
    key: app.key,
    name: app.name,
    audience: app.audience,
    icon: app.icon ?? '',
    url: app.url ?? '',
    description: app.description ?? '',
    phase: app.phase ?? '',
    phaseDesc: app.phaseDesc ?? '',
    phaseColor: app.phaseColor ?? '',
    progress: String(app.progress ?? 0),
    redirect_urls: app.redirect_urls.join(' '),
    frontchannel_logout_url: app.frontchannel_logout_url ?? '',
    backchannel_logout_url: app.backchannel_logout_url ?? '',
    allow_global_admin: app.allow_global_admin,
    allow_delegated_swc_token: app.allow_delegated_swc_token,
    skip_uid_whitelist: app.skip_uid_whitelist,
    require_passkey: app.require_passkey,
    grant_types: [...app.grant_types],
    machine_scopes: app.machine_scopes.join(' '),
  };
}

const text = (value: string): string | null => value.trim() || null;

/** The body of POST/PUT: progress an integer with fallback 0; redirect URLs split on whitespace. */
export function toAppInput(values: AppFormValues): AppInput {
  return {
    key: values.key.trim(),
    name: values.name.trim(),
    audience: values.audience.trim(),
    icon: (values.icon || null) as AppInput['icon'],
    url: text(values.url),
    description: text(values.description),
    phase: text(values.phase),
    phaseDesc: text(values.phaseDesc),
    phaseColor: text(values.phaseColor),
    progress: parseProgress(values.progress),
    redirect_urls: splitRedirectUrls(values.redirect_urls),
    frontchannel_logout_url: text(values.frontchannel_logout_url),
    backchannel_logout_url: text(values.backchannel_logout_url),
    allow_global_admin: values.allow_global_admin,
    allow_delegated_swc_token: values.allow_delegated_swc_token,
    skip_uid_whitelist: values.skip_uid_whitelist,
    require_passkey: values.require_passkey,
    grant_types: values.grant_types as GrantType[],
    machine_scopes: values.machine_scopes.split(/\s+/).filter(Boolean),
  };
}

/** The form's fields in the order it shows them, each with its label (the summary of a refused save names them). */
export const APP_FIELD_LABELS = {
  key: 'Key',
  name: 'Name',
  audience: 'Token audience',
  url: 'URL',
  description: 'Description',
  icon: 'Icon',
  phase: 'Phase',
  phaseDesc: 'Phase description',
  phaseColor: 'Phase colour',
  progress: 'Progress',
  redirect_urls: 'Sign-in return addresses',
  frontchannel_logout_url: 'Sign-out page',
  backchannel_logout_url: 'Sign-out notice address',
  grant_types: 'Ways to sign in',
  machine_scopes: 'Machine client scopes',
} as const satisfies Partial<Record<keyof AppFormValues, string>>;

/** The dashboard's card of the app as the form now reads, for the live preview. */
export function cardOf(values: AppFormValues, id: string): DashboardApp {
  const input = toAppInput(values);
  return {
    id,
    key: input.key,
    name: input.name || 'Unnamed app',
    icon: input.icon ?? null,
    url: input.url ?? null,
    description: input.description ?? null,
    phase: input.phase ?? null,
    phaseDesc: input.phaseDesc ?? null,
    phaseColor: input.phaseColor ?? null,
    progress: input.progress ?? 0,
  };
}

/** The contract's own rules, checked on the body the form would send; the first problem per field. */
export const validateAppForm = contractValidator<AppFormValues>(AppInput, toAppInput);
