import { describe, expect, it } from 'vitest';
import { emptyServiceJwtForm, rotationStatus, serviceJwtBody, serviceJwtForm, ServiceJwtInput } from '../src/service-jwts.ts';

const now = new Date('2026-11-22T12:00:00Z');
const minutesAgo = (m: number, extraMs = 0) => new Date(now.getTime() - m * 60_000 - extraMs).toISOString();

describe('rotationStatus (the effective calculation: interval minutes × 60 s)', () => {
  const base = { rotation_enabled: true, rotation_interval_minutes: 1440 };
  it('is Disabled when rotation is off, however old', () =>
    expect(rotationStatus({ ...base, rotation_enabled: false, last_rotated_at: minutesAgo(99999) }, now)).toBe('Disabled'));
  it('is Active when enabled and never rotated', () => expect(rotationStatus({ ...base, last_rotated_at: null }, now)).toBe('Active'));
  it('is Active exactly at the interval', () => expect(rotationStatus({ ...base, last_rotated_at: minutesAgo(1440) }, now)).toBe('Active'));
  it('is Overdue one millisecond past the interval', () =>
    expect(rotationStatus({ ...base, last_rotated_at: minutesAgo(1440, 1) }, now)).toBe('Overdue'));
  it('is Active one minute before the interval', () =>
    expect(rotationStatus({ ...base, last_rotated_at: minutesAgo(1439) }, now)).toBe('Active'));
  it('scales with a one-hour interval', () =>
    expect(rotationStatus({ ...base, rotation_interval_minutes: 60, last_rotated_at: minutesAgo(61) }, now)).toBe('Overdue'));
});

describe('the JWT form', () => {
  const filled = {
    ...emptyServiceJwtForm(),
    serviceName: ' billing ',
    audience: 'api',
    subject: 'svc',
    k8sNamespace: 'prod',
    k8sSecretName: 'jwt',
    k8sSecretKey: 'token',
  };
  it('sends the interval in minutes and trims', () =>
    expect(serviceJwtBody({ ...filled, rotationIntervalHours: '2' })).toMatchObject({
      service_name: 'billing',
      rotation_interval_minutes: 120,
      authorized_party: null,
    }));
  it('falls back to TTL 55 and 24 h when not numeric', () =>
    expect(serviceJwtBody({ ...filled, ttlMinutes: 'abc', rotationIntervalHours: '' })).toMatchObject({
      ttl_minutes: 55,
      rotation_interval_minutes: 1440,
    }));
  it('fills from a row: rotation on unless explicitly false, defaults 55 and 24 h', () => {
    expect(serviceJwtForm({ service_name: 'x' })).toMatchObject({ rotationEnabled: true, ttlMinutes: '55', rotationIntervalHours: '24' });
    expect(serviceJwtForm({ rotation_enabled: false, rotation_interval_minutes: 180 })).toMatchObject({
      rotationEnabled: false,
      rotationIntervalHours: '3',
    });
  });
});

describe('ServiceJwtInput', () => {
  const valid = serviceJwtBody({
    ...emptyServiceJwtForm(),
    serviceName: 'billing',
    audience: 'api',
    subject: 'svc',
    k8sNamespace: 'prod',
    k8sSecretName: 'billing.jwt',
    k8sSecretKey: 'TOKEN_1',
  });
  it('accepts a valid body', () => expect(ServiceJwtInput.safeParse(valid).success).toBe(true));
  it.each([
    [{ ttl_minutes: 4 }, 'TTL must be at least 5 minutes'],
    [{ ttl_minutes: 1441 }, 'TTL must be at most 1440 minutes'],
    [{ rotation_interval_minutes: 59 }, 'Rotation interval must be at least 1 hour'],
    [{ rotation_interval_minutes: 8761 * 60 }, 'Rotation interval must be at most 8760 hours'],
    [{ k8s_namespace: 'Prod' }, 'K8s namespace must be a valid Kubernetes name'],
    [{ k8s_secret_name: '-jwt' }, 'K8s secret name must be a valid Kubernetes name'],
    [{ k8s_secret_key: 'a/b' }, 'K8s secret key may contain only'],
    [{ service_name: '  ' }, 'Service name is required'],
  ])('refuses %j', (patch, message) => {
    const result = ServiceJwtInput.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
