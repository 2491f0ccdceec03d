import { describe, expect, it } from 'vitest';
import { AddUserInput, UserListQuery } from '../src/admin-users.ts';
import { AppInput } from '../src/admin-apps.ts';
import { RoleGrantInput } from '../src/central-grants.ts';
import { emptyServiceJwtForm, serviceJwtBody, ServiceJwtInput } from '../src/service-jwts.ts';
import { multiLineText, optional, singleLineText } from '../src/text.ts';

const app = { key: 'wiki', name: 'Wiki', audience: 'wiki', redirect_urls: ['https://wiki.example.com/'] };
const jwt = serviceJwtBody({
  ...emptyServiceJwtForm(),
  serviceName: 'billing',
  audience: 'api',
  subject: 'svc',
  k8sNamespace: 'prod',
  k8sSecretName: 'billing-jwt',
  k8sSecretKey: 'token',
});

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('singleLineText', () => {
  const name = singleLineText('Name', { min: 1, max: 5 });

  it('accepts plain text and trims it', () => expect(name.parse('  Vex ')).toBe('Vex'));
  it('accepts non-ASCII letters', () => expect(name.parse('Jørin')).toBe('Jørin'));
  it.each(['a\u0000b', '\u0001abc', 'a\nb', 'a\r\nb', 'a\tb', 'ab\u001f', 'ab\u007f', 'abc\n'])('refuses %j naming the field', (value) =>
    expect(firstMessage(name.safeParse(value))).toBe('Name must not contain control characters'),
  );
  it.each(['\ud800', 'a\udc00', '\ude00\ud83d'])('refuses the lone surrogate in %j, which PostgreSQL cannot store', (value) =>
    expect(firstMessage(name.safeParse(value))).toBe('Name holds a broken character (half of a UTF-16 surrogate pair)'),
  );
  it('accepts a character outside the BMP (a whole surrogate pair)', () => expect(name.parse('Vex 🚀')).toBe('Vex 🚀'));
  it('says only that, not also that it is too long', () => expect(name.safeParse('\u0000'.repeat(20)).error?.issues).toHaveLength(1));
  it('names the field when it is missing, blank or too long', () => {
    expect(firstMessage(name.safeParse(undefined))).toBe('Name is required');
    expect(firstMessage(name.safeParse('   '))).toBe('Name is required');
    expect(firstMessage(name.safeParse('abcdef'))).toBe('Name must be at most 5 characters');
  });
  it('may be empty without a minimum', () => expect(singleLineText('Phase', { max: 5 }).parse('')).toBe(''));
  it('states a minimum above one', () =>
    expect(firstMessage(singleLineText('Code', { min: 3, max: 5 }).safeParse('ab'))).toBe('Code must be at least 3 characters'));
});

describe('multiLineText', () => {
  const description = multiLineText('Description', { max: 50 });

  it('keeps line breaks, CRLF and tabs inside the text', () =>
    expect(description.parse('one\r\ntwo\n\tthree\n')).toBe('one\r\ntwo\n\tthree'));
  it.each(['a\u0000b', 'a\rb', 'a\u000bb', 'a\u000cb', 'a\u001bb', 'a\u007fb'])('refuses %j', (value) =>
    expect(firstMessage(description.safeParse(value))).toBe('Description must not contain control characters'),
  );
});

describe('optional', () => {
  const phase = optional(singleLineText('Phase', { max: 5 }));
  it('reads missing, null, empty and blank as none', () => {
    for (const v of [undefined, null, '', '  ']) expect(phase.parse(v)).toBeNull();
  });
  it('still refuses control characters', () =>
    expect(firstMessage(phase.safeParse('a\u0000'))).toBe('Phase must not contain control characters'));
});

describe('every text input of the contract refuses control characters', () => {
  it.each([
    ['key', 'Key'],
    ['name', 'Name'],
    ['audience', 'Token audience'],
    ['url', 'URL'],
    ['phase', 'Phase'],
    ['phaseDesc', 'Phase description'],
    ['phaseColor', 'Phase colour'],
    ['frontchannel_logout_url', 'Front-channel logout URL'],
    ['backchannel_logout_url', 'Back-channel logout URL'],
  ])('app %s', (field, label) =>
    expect(firstMessage(AppInput.safeParse({ ...app, [field]: 'a\u0000b' }))).toBe(`${label} must not contain control characters`),
  );
  it('app description, except line breaks', () => {
    expect(AppInput.parse({ ...app, description: 'Line one\nLine two' }).description).toBe('Line one\nLine two');
    expect(firstMessage(AppInput.safeParse({ ...app, description: 'a\u0000b' }))).toBe('Description must not contain control characters');
  });
  it('a redirect URL, even where the URL parser would drop the character', () =>
    expect(firstMessage(AppInput.safeParse({ ...app, redirect_urls: ['https://wiki.example.com/\n'] }))).toBe(
      'Each redirect URL must not contain control characters',
    ));
  it('a consent or role value', () =>
    expect(firstMessage(RoleGrantInput.safeParse({ userId: crypto.randomUUID(), appId: crypto.randomUUID(), value: 'read\u0000' }))).toBe(
      'Role must not contain control characters',
    ));
  it('a UID', () => expect(firstMessage(AddUserInput.safeParse({ uid: '1:5\u0000' }))).toBe('UID must not contain control characters'));
  it('the user search and paging', () => {
    expect(firstMessage(UserListQuery.safeParse({ q: '\u0000' }))).toBe('Search must not contain control characters');
    expect(firstMessage(UserListQuery.safeParse({ limit: '5\u0000' }))).toBe('limit must not contain control characters');
  });

  it.each([
    ['service_name', 'Service name'],
    ['audience', 'Audience'],
    ['subject', 'Subject'],
    ['authorized_party', 'Authorized party'],
    ['k8s_namespace', 'K8s namespace'],
    ['k8s_secret_name', 'K8s secret name'],
    ['k8s_secret_key', 'K8s secret key'],
  ])('service JWT %s', (field, label) =>
    expect(firstMessage(ServiceJwtInput.safeParse({ ...jwt, [field]: 'a\u0000b' }))).toBe(`${label} must not contain control characters`),
  );
});

describe('service JWT secret keys', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('refuses the reserved key %s', (key) =>
    expect(firstMessage(ServiceJwtInput.safeParse({ ...jwt, k8s_secret_key: key }))).toBe(
      `K8s secret key "${key}" is reserved; choose another name`,
    ),
  );
  it('accepts keys that only contain those words', () =>
    expect(ServiceJwtInput.safeParse({ ...jwt, k8s_secret_key: 'constructor.token' }).success).toBe(true));
});
