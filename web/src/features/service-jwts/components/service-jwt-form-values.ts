import { ROTATION_HOURS, ServiceJwtInput, serviceJwtBody, type ServiceJwtForm } from '@portal/contract';
import { contractValidator } from '@/lib/form-validation.ts';

const intervalRule = ServiceJwtInput.shape.rotation_interval_minutes;

/**
 * The form as it is sent: with rotation off the hidden interval keeps what was stored, unless the server
 * would refuse it, in which case the default is sent.
 */
export function formToSend(form: ServiceJwtForm): ServiceJwtForm {
  if (form.rotationEnabled || intervalRule.safeParse(serviceJwtBody(form).rotation_interval_minutes).success) return form;
  return { ...form, rotationIntervalHours: String(ROTATION_HOURS.fallback) };
}

/**
 * A number field as checked: text that is not a number at all takes the body's fallback (what
 * `serviceJwtBody` sends), while a typed number must be a whole one ('12.5' is not cut down to 12).
 */
function typed(text: string, fallback: number, scale = 1): number {
  const trimmed = text.trim();
  if (Number.isNaN(Number.parseInt(trimmed, 10))) return fallback;
  return /^[-+]?\d+$/.test(trimmed) ? Number(trimmed) * scale : Number.NaN;
}

function bodyToCheck(form: ServiceJwtForm): unknown {
  const sent = formToSend(form);
  const body = serviceJwtBody(sent);
  return {
    ...body,
    ttl_minutes: typed(sent.ttlMinutes, body.ttl_minutes),
    rotation_interval_minutes: typed(sent.rotationIntervalHours, body.rotation_interval_minutes, 60),
  };
}

const FIELD_OF_BODY: Record<string, keyof ServiceJwtForm> = {
  service_name: 'serviceName',
  audience: 'audience',
  subject: 'subject',
  authorized_party: 'authorizedParty',
  ttl_minutes: 'ttlMinutes',
  k8s_namespace: 'k8sNamespace',
  k8s_secret_name: 'k8sSecretName',
  k8s_secret_key: 'k8sSecretKey',
  rotation_enabled: 'rotationEnabled',
  rotation_interval_minutes: 'rotationIntervalHours',
};

/** The contract's rules for a service JWT, each message on the field it is about. */
export const validateServiceJwtForm = contractValidator<ServiceJwtForm>(ServiceJwtInput, bodyToCheck, (field) => FIELD_OF_BODY[field]);
