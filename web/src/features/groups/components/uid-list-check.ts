import { MAX_UIDS_AT_ONCE, parseUidList } from '@portal/contract';

const SHOWN = 5;

/** Why pasted UIDs cannot be sent, naming the pieces that are not UIDs; null when they can. */
export function uidListProblem(text: string): string | null {
  const { uids, invalid } = parseUidList(text);
  if (invalid.length > 0) {
    const named = invalid
      .slice(0, SHOWN)
      .map((piece) => `“${piece}”`)
      .join(', ');
    const more = invalid.length > SHOWN ? ` and ${invalid.length - SHOWN} more` : '';
    return `${invalid.length === 1 ? 'Not a UID' : 'Not UIDs'}: ${named}${more}. A SWCombine character UID looks like 1:12345.`;
  }
  if (uids.length === 0) return 'Paste at least one UID.';
  if (uids.length > MAX_UIDS_AT_ONCE) return `At most ${MAX_UIDS_AT_ONCE} UIDs at once: this holds ${uids.length}.`;
  return null;
}
