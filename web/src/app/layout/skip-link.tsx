import { Button } from '@mantine/core';
import classes from './skip-link.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop for the keyboard on every signed-in screen: past the header, straight to the screen itself. */
export function SkipLink() {
  return (
    <Button component="a" href={`#${MAIN_CONTENT_ID}`} className={classes.link} size="sm">
      Skip to content
    </Button>
  );
}
