import { Card } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './link-card.module.css';

type LinkCardProps = { children: ReactNode } & ({ to: string; href?: never } | { href: string; to?: never });

/** A whole card that is one real link: focusable, opens with Enter, an in-app route (`to`) or any URL (`href`). */
export function LinkCard({ children, to, href }: LinkCardProps) {
  if (to !== undefined) {
    return (
      <Card component={Link} to={to} className={classes.card}>
        {children}
      </Card>
    );
  }
  return (
    <Card component="a" href={href} className={classes.card}>
      {children}
    </Card>
  );
}
