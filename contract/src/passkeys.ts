import { z } from 'zod';
import { singleLineText } from './text.ts';

/** One of the player's passkeys, as Your account and the admin's user page list it. */
export const Passkey = z.object({
  id: z.uuid(),
  name: z.string(),
  added_at: z.string(),
  /** Null until it is first used to sign in or confirm. */
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof Passkey>;
export const PasskeyList = z.array(Passkey);

/** Your account's passkeys, and until when this session may add one (null: a fresh SWCombine sign-in is needed first). */
export const OwnPasskeys = z.object({
  passkeys: PasskeyList,
  can_add_until: z.string().nullable(),
  /** The player has passkeys but used none in this session lately: adding another needs one of them first. */
  confirm_first: z.boolean(),
});
export type OwnPasskeys = z.infer<typeof OwnPasskeys>;

/**
 * What the admin console asks of this session: with `passkey_required`, a passkey used here until
 * `confirmed_until` (null: not yet, or no longer); `has_passkey` says whether the player has one to use.
 */
export const AdminConsoleStepUp = z.object({
  passkey_required: z.boolean(),
  confirmed_until: z.string().nullable(),
  has_passkey: z.boolean(),
});
export type AdminConsoleStepUp = z.infer<typeof AdminConsoleStepUp>;

/** The dashboard's line for a passkey sign-in while SWCombine does not answer (null otherwise). */
export const SignInNote = z.object({ note: z.string().nullable() });

/** Minutes a SWCombine sign-in stays fresh enough to add a passkey. */
export const PASSKEY_ADD_FRESH_MINUTES = 10;

const PasskeyName = singleLineText('Passkey name', { min: 1, max: 64 });

// WebAuthn's JSON encodings (base64url) of what the authenticator answered; bounded so nothing
// larger than a real answer is read.
const base64url = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .max(max, `${label} is too long for a passkey answer`)
    .regex(/^[A-Za-z0-9_-]*$/, `${label} must be base64url`);
const Transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(8);
const Attachment = z.enum(['platform', 'cross-platform']).optional();
const Extensions = z.looseObject({}).default({});

/** navigator.credentials.create()'s answer as @simplewebauthn/browser hands it over. */
const PasskeyRegistrationAnswer = z.object({
  id: base64url('Credential id', 1366),
  rawId: base64url('Credential id', 1366),
  type: z.literal('public-key'),
  authenticatorAttachment: Attachment,
  clientExtensionResults: Extensions,
  response: z.object({
    clientDataJSON: base64url('Client data', 4096),
    attestationObject: base64url('Attestation', 32768),
    authenticatorData: base64url('Authenticator data', 32768).optional(),
    transports: Transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url('Public key', 8192).optional(),
  }),
});
type PasskeyRegistrationAnswer = z.infer<typeof PasskeyRegistrationAnswer>;

/** navigator.credentials.get()'s answer as @simplewebauthn/browser hands it over. */
export const PasskeyAssertion = z.object({
  id: base64url('Credential id', 1366),
  rawId: base64url('Credential id', 1366),
  type: z.literal('public-key'),
  authenticatorAttachment: Attachment,
  clientExtensionResults: Extensions,
  response: z.object({
    clientDataJSON: base64url('Client data', 4096),
    authenticatorData: base64url('Authenticator data', 32768),
    signature: base64url('Signature', 8192),
    userHandle: base64url('User handle', 256).optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof PasskeyAssertion>;

export const AddPasskeyInput = z.object({ name: PasskeyName, answer: PasskeyRegistrationAnswer });
export type AddPasskeyInput = z.input<typeof AddPasskeyInput>;
export const PasskeyAssertionInput = z.object({ answer: PasskeyAssertion });

/** The options for navigator.credentials.create() / get(), passed through to @simplewebauthn/browser as they are. */
export const PasskeyOptions = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;

/** Where the browser goes after signing in with a passkey. */
export const PasskeySignedIn = z.object({ redirect: z.string() });
