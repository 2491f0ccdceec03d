import { ROTATION_HOURS, TTL_MINUTES, type ServiceJwtForm } from '@portal/contract';

export type ServiceJwtFormErrors = Partial<Record<keyof ServiceJwtForm, string>>;

/** SPEC.md §5 required fields, with the label each is shown under. */
const REQUIRED: ReadonlyArray<[field: keyof ServiceJwtForm, label: string]> = [
  ['serviceName', 'Service Name'],
  ['audience', 'Audience'],
  ['subject', 'Subject'],
  ['k8sNamespace', 'K8s Namespace'],
  ['k8sSecretName', 'K8s Secret Name'],
  ['k8sSecretKey', 'K8s Secret Key'],
];

/**
 * A number field's error, or null. Not numeric at all (empty, "abc") is fine: the body falls back to the
 * default (SPEC.md §5). A number must be a whole one within the limits.
 */
function rangeError(value: string, what: string, unit: string, { min, max }: { min: number; max: number }): string | null {
  const text = value.trim();
  if (Number.isNaN(Number.parseInt(text, 10))) return null;
  const n = Number(text);
  if (!/^[-+]?\d+$/.test(text) || !Number.isSafeInteger(n)) return `${what} must be a whole number of ${unit}`;
  if (n < min || n > max) return `${what} must be between ${min} and ${max} ${unit}`;
  return null;
}

export function ttlError(value: string): string | null {
  return rangeError(value, 'TTL', 'minutes', TTL_MINUTES);
}

export function intervalError(value: string): string | null {
  return rangeError(value, 'Rotation interval', 'hours', ROTATION_HOURS);
}

export function validateServiceJwtForm(form: ServiceJwtForm): ServiceJwtFormErrors {
  const errors: ServiceJwtFormErrors = {};
  for (const [field, label] of REQUIRED) {
    if (!String(form[field]).trim()) errors[field] = `${label} is required`;
  }
  const ttl = ttlError(form.ttlMinutes);
  if (ttl) errors.ttlMinutes = ttl;
  // The interval is only asked (and shown) while automatic rotation is on.
  const interval = form.rotationEnabled ? intervalError(form.rotationIntervalHours) : null;
  if (interval) errors.rotationIntervalHours = interval;
  return errors;
}

/**
 * The form as it is sent: with rotation off the hidden interval keeps what was stored, unless it is out of
 * range, in which case the default is sent rather than a value the server would refuse.
 */
export function formToSend(form: ServiceJwtForm): ServiceJwtForm {
  if (form.rotationEnabled || !intervalError(form.rotationIntervalHours)) return form;
  return { ...form, rotationIntervalHours: String(ROTATION_HOURS.fallback) };
}
