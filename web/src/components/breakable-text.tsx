import { Fragment, type ReactNode } from 'react';

// After these a machine name (a subject, a namespace/secret path, a host) may go on the next line.
const SEPARATOR = /(?<=[:/.\-_@])/;

/**
 * A machine name that may break after its separators ('system:|serviceaccount:|billing'), so a narrow
 * column wraps it at its parts instead of widening for it or cutting it anywhere.
 */
export function BreakableText({ children }: { children: string }): ReactNode {
  const parts = children.split(SEPARATOR);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}
