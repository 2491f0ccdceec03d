import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render-app.tsx';
import { AddScopesForm } from './add-scopes-form.tsx';

async function add(typed: string) {
  const onAdd = vi.fn();
  const { user } = renderScreen(<AddScopesForm busy={false} onAdd={onAdd} />);
  await user.type(screen.getByRole('textbox', { name: 'extra scopes' }), typed);
  await user.click(screen.getByRole('button', { name: 'Add' }));
  return onAdd;
}

describe('AddScopesForm', () => {
  it('trims a typed scope', async () => {
    expect(await add('  fleet_read ')).toHaveBeenCalledWith(['fleet_read']);
  });

  it('spells the scopes as the contract does: lowercase, once each, sorted', async () => {
    expect(await add('messages_read CHARACTER_STATS\tmessages_read')).toHaveBeenCalledWith(['character_stats', 'messages_read']);
  });

  it('adds nothing while no scope is typed', async () => {
    expect(await add('   ')).not.toHaveBeenCalled();
  });
});
