import { z } from 'zod';

// C0 control characters and DEL. PostgreSQL refuses NUL in text and HTTP headers refuse the rest,
// so no text the product stores or echoes may hold them.
const isControl = (code: number) => code < 0x20 || code === 0x7f;

/** Does `value` hold a C0 control character or DEL? */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i))) return true;
  return false;
}

/** The same, but tabs, line feeds and CRLF line ends are part of a multi-line text. */
function hasControlCharactersBesidesLineBreaks(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0x09 || code === 0x0a || (code === 0x0d && value.charCodeAt(i + 1) === 0x0a)) continue;
    if (isControl(code)) return true;
  }
  return false;
}

/**
 * Does `value` hold half of a UTF-16 surrogate pair on its own? Such a string has no UTF-8 form:
 * PostgreSQL refuses it (in text and in jsonb), so no input may carry one.
 */
function hasLoneSurrogate(value: string): boolean {
  return /\p{Surrogate}/u.test(value);
}

interface Length {
  /** 0 (the default) allows an empty text; 1 makes the field required. */
  min?: number;
  max: number;
}

function text(label: string, { min = 0, max }: Length, isForbidden: (value: string) => boolean) {
  const schema = z
    .string({ error: `${label} is required` })
    // Checked on the raw value, before trimming could hide a trailing control character.
    .refine((v) => !isForbidden(v), { message: `${label} must not contain control characters`, abort: true })
    .refine((v) => !hasLoneSurrogate(v), { message: `${label} holds a broken character (half of a UTF-16 surrogate pair)`, abort: true })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
  if (min === 1) return schema.min(1, `${label} is required`);
  return min > 1 ? schema.min(min, `${label} must be at least ${min} characters`) : schema;
}

/** One line of text, trimmed, without control characters (tabs and line breaks included). */
export const singleLineText = (label: string, length: Length) => text(label, length, hasControlCharacters);

/** Text that may span lines (tabs, `\n` and `\r\n` allowed), trimmed, without other control characters. */
export const multiLineText = (label: string, length: Length) => text(label, length, hasControlCharactersBesidesLineBreaks);

/** An optional text field: missing, null and '' all mean "none" (null). */
export const optional = (schema: z.ZodString) => schema.nullish().transform((v) => (v ? v : null));
