import { useEffect, useRef } from 'react';
import { reveal } from './reveal.ts';

/**
 * Moves the focus to an outcome (a notice, an alert) each time `shown` changes to a new one, and brings it into view:
 * after a save or a failure the focus, and a screen reader with it, lands on what happened instead of on <body>
 * (the pressed button may be gone or disabled by then).
 */
export function useFocusOnShow<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!shown || !ref.current) return;
    ref.current.focus({ preventScroll: true });
    reveal(ref.current);
  }, [shown]);
  return ref;
}
