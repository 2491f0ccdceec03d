import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/testing/render-app.tsx';
import { FormErrorSummary, useErrorSummary } from './form-error-summary.tsx';

const LABELS = { name: 'Name', email: 'Email', city: 'City' } as const;

/** Three fields; name and email required. Scrolling is not in jsdom: each field records that it was scrolled to. */
function ExampleForm({ onSave }: { onSave: () => void }) {
  const form = useForm({
    initialValues: { name: '', email: '', city: '' },
    validate: {
      name: (v) => (v ? null : 'Name is required'),
      email: (v) => (v.includes('@') ? null : 'Email needs an @'),
    },
  });
  const refusal = useErrorSummary(LABELS);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(() => {
        refusal.passed();
        onSave();
      }, refusal.refused)}
    >
      <TextInput label={LABELS.name} {...form.getInputProps('name')} />
      <TextInput label={LABELS.email} {...form.getInputProps('email')} />
      <TextInput label={LABELS.city} {...form.getInputProps('city')} />
      <FormErrorSummary {...refusal.summary(form.errors)} />
      <Button type="submit">Save</Button>
    </form>
  );
}

function setup() {
  const onSave = vi.fn();
  Element.prototype.scrollIntoView = vi.fn();
  const view = renderScreen(<ExampleForm onSave={onSave} />);
  return { ...view, onSave };
}

describe('FormErrorSummary', () => {
  it('shows nothing until a submit is refused', () => {
    setup();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('names every field in error in the form’s order, and focuses the first', async () => {
    const { user, onSave } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const summary = screen.getByRole('status', { name: '2 fields need a change' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Name: Name is required', 'Email: Email needs an @']);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('takes the focus to a field named in it', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Email' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(Element.prototype.scrollIntoView).toHaveBeenLastCalledWith({ block: 'center' });
  });

  it('drops each field put right, and goes with the last', async () => {
    const { user, onSave } = setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Mira');
    expect(screen.getByRole('status', { name: '1 field needs a change' })).toHaveTextContent('Email: Email needs an @');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'mira@example.test');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledOnce();
  });
});
