import { z } from 'zod';
import { optional, singleLineText } from './text.ts';

/** Limits shared by the form and the server. */
const TTL_MINUTES = { min: 5, max: 1440, fallback: 55 } as const;
export const ROTATION_HOURS = { min: 1, max: 8760, fallback: 24 } as const;

// Kubernetes naming rules (apimachinery validation): namespaces are DNS-1123 labels, secret
// names DNS-1123 subdomains, secret data keys `[-._a-zA-Z0-9]+`.
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const SECRET_KEY = /^[-._a-zA-Z0-9]+$/;

/**
 * Data keys that name JavaScript's object machinery: a plain object would swallow them (the
 * Kubernetes client copies Secret data into one), so the Secret would silently lack the token.
 */
const RESERVED_SECRET_KEYS: readonly string[] = ['__proto__', 'constructor', 'prototype'];
export const isReservedSecretKey = (key: string) => RESERVED_SECRET_KEYS.includes(key);

const required = (label: string, max = 200) => singleLineText(label, { min: 1, max });

export const ServiceJwtInput = z.object({
  service_name: required('Service name', 100),
  audience: required('Audience'),
  subject: required('Subject'),
  authorized_party: optional(singleLineText('Authorized party', { max: 200 })),
  ttl_minutes: z
    .number({ error: 'TTL must be a whole number of minutes' })
    .int('TTL must be a whole number of minutes')
    .min(TTL_MINUTES.min, `TTL must be at least ${TTL_MINUTES.min} minutes`)
    .max(TTL_MINUTES.max, `TTL must be at most ${TTL_MINUTES.max} minutes`),
  k8s_namespace: required('K8s namespace', 63).regex(
    DNS1123_LABEL,
    'K8s namespace must be a valid Kubernetes name: lowercase letters, digits and "-", starting and ending with a letter or digit',
  ),
  k8s_secret_name: required('K8s secret name', 253).regex(
    DNS1123_SUBDOMAIN,
    'K8s secret name must be a valid Kubernetes name: lowercase letters, digits, "-" and ".", starting and ending with a letter or digit',
  ),
  k8s_secret_key: required('K8s secret key', 253)
    .regex(SECRET_KEY, 'K8s secret key may contain only letters, digits, "-", "_" and "."')
    .refine((key) => !isReservedSecretKey(key), {
      error: (issue) => `K8s secret key "${String(issue.input)}" is reserved; choose another name`,
    }),
  rotation_enabled: z.boolean({ error: 'rotation_enabled must be true or false' }),
  rotation_interval_minutes: z
    .number({ error: 'Rotation interval must be a whole number of minutes' })
    .int('Rotation interval must be a whole number of minutes')
    .min(ROTATION_HOURS.min * 60, `Rotation interval must be at least ${ROTATION_HOURS.min} hour`)
    .max(ROTATION_HOURS.max * 60, `Rotation interval must be at most ${ROTATION_HOURS.max} hours`),
});
export type ServiceJwtInput = z.input<typeof ServiceJwtInput>;

export const ServiceJwtConfig = z.object({
  id: z.string(),
  service_name: z.string(),
  audience: z.string(),
  subject: z.string(),
  authorized_party: z.string().nullable(),
  ttl_minutes: z.number().int(),
  k8s_namespace: z.string(),
  k8s_secret_name: z.string(),
  k8s_secret_key: z.string(),
  rotation_enabled: z.boolean(),
  rotation_interval_minutes: z.number().int(),
  last_rotated_at: z.string().nullable(),
  token_expires_at: z.string().nullable(),
});
export type ServiceJwtConfig = z.infer<typeof ServiceJwtConfig>;
export const ServiceJwtConfigList = z.array(ServiceJwtConfig);

export const RotationType = { Manual: 'manual', Auto: 'auto' } as const;
export type RotationType = (typeof RotationType)[keyof typeof RotationType];
export const RotationOutcome = { Success: 'success', Failed: 'failed' } as const;
export type RotationOutcome = (typeof RotationOutcome)[keyof typeof RotationOutcome];

/** A history row; a type other than manual reads as automatic, a status other than success as failed. */
export const RotationHistoryEntry = z.object({
  rotatedAt: z.string(),
  type: z.enum([RotationType.Manual, RotationType.Auto]).catch(RotationType.Auto),
  status: z.enum([RotationOutcome.Success, RotationOutcome.Failed]).catch(RotationOutcome.Failed),
  message: z.string().nullable(),
});
export type RotationHistoryEntry = z.infer<typeof RotationHistoryEntry>;
export const RotationHistory = z.array(RotationHistoryEntry);

export type RotationStatus = 'Disabled' | 'Overdue' | 'Active';

/**
 * The effective calculation: Overdue when rotation is enabled, it has rotated before, and
 * the last rotation is older than rotation_interval_minutes × 60 s. Active otherwise.
 */
export function rotationStatus(
  config: Pick<ServiceJwtConfig, 'rotation_enabled' | 'rotation_interval_minutes' | 'last_rotated_at'>,
  now: Date,
): RotationStatus {
  if (config.rotation_enabled === false) return 'Disabled';
  if (!config.last_rotated_at) return 'Active';
  const age = now.getTime() - new Date(config.last_rotated_at).getTime();
  return age > config.rotation_interval_minutes * 60 * 1000 ? 'Overdue' : 'Active';
}

/** Form values and their conversion to the request body. */
export interface ServiceJwtForm {
  serviceName: string;
  audience: string;
  subject: string;
  authorizedParty: string;
  ttlMinutes: string;
  k8sNamespace: string;
  k8sSecretName: string;
  k8sSecretKey: string;
  rotationEnabled: boolean;
  rotationIntervalHours: string;
}

export const emptyServiceJwtForm = (): ServiceJwtForm => ({
  serviceName: '',
  audience: '',
  subject: '',
  authorizedParty: '',
  ttlMinutes: String(TTL_MINUTES.fallback),
  k8sNamespace: '',
  k8sSecretName: '',
  k8sSecretKey: '',
  rotationEnabled: true,
  rotationIntervalHours: String(ROTATION_HOURS.fallback),
});

const intOr = (value: string, fallback: number) => {
  const n = Number.parseInt(value, 10);
  return Number.isNaN(n) ? fallback : n;
};

/** TTL falls back to 55 and the interval to 24 h when not numeric; the interval is sent in minutes. */
export function serviceJwtBody(form: ServiceJwtForm): ServiceJwtInput {
  return {
    service_name: form.serviceName.trim(),
    audience: form.audience.trim(),
    subject: form.subject.trim(),
    authorized_party: form.authorizedParty.trim() || null,
    ttl_minutes: intOr(form.ttlMinutes, TTL_MINUTES.fallback),
    k8s_namespace: form.k8sNamespace.trim(),
    k8s_secret_name: form.k8sSecretName.trim(),
    k8s_secret_key: form.k8sSecretKey.trim(),
    rotation_enabled: form.rotationEnabled,
    rotation_interval_minutes: intOr(form.rotationIntervalHours, ROTATION_HOURS.fallback) * 60,
  };
}

/** Editing fills the form from a row: rotation on unless explicitly false; defaults 55 and 1440. */
export function serviceJwtForm(row: Partial<ServiceJwtConfig>): ServiceJwtForm {
  return {
    serviceName: row.service_name ?? '',
    audience: row.audience ?? '',
    subject: row.subject ?? '',
    authorizedParty: row.authorized_party ?? '',
    ttlMinutes: String(row.ttl_minutes ?? TTL_MINUTES.fallback),
    k8sNamespace: row.k8s_namespace ?? '',
    k8sSecretName: row.k8s_secret_name ?? '',
    k8sSecretKey: row.k8s_secret_key ?? '',
    rotationEnabled: row.rotation_enabled !== false,
    rotationIntervalHours: String(Math.round((row.rotation_interval_minutes ?? ROTATION_HOURS.fallback * 60) / 60)),
  };
}

/** What "Replace signing keys now" did. */
export const SigningKeysReplaced = z.object({
  /** The new keys' ids, one per algorithm: they sign from now on. */
  new_kids: z.array(z.string()),
  /** How many old keys are no longer published. */
  removed_keys: z.number().int(),
  /** Service JWTs re-issued with the new key and written into their Secrets, and those whose write failed. */
  service_jwts_reissued: z.number().int(),
  service_jwts_failed: z.array(z.string()),
  /** How long apps may keep the old key set cached (the JWKS's Cache-Control max-age). */
  jwks_max_age_seconds: z.number().int(),
});
export type SigningKeysReplaced = z.infer<typeof SigningKeysReplaced>;
