import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formDialog } from './dialogs';

const FIELDS = [
  {
    name: 'amount',
    label: 'Amount (USD)',
    maxLength: 20,
    required: true,
    check: (v: string) => (Number(v) > 0 ? null : 'Enter an amount above 0'),
  },
  { name: 'note', label: 'Note', maxLength: 200, multiline: true },
] as const;

// SweetAlert2 gives its buttons an empty aria-label once a confirm was refused; browsers then name a button
// by its text, as jsdom's role query does not: find it by its text.
const confirmButton = () => screen.getByText('Record Payment', { selector: 'button' });

const open = () =>
  formDialog({
    title: 'Record a payment',
    fields: FIELDS,
    confirmText: 'Record Payment',
    cancelText: 'Cancel',
  });

afterEach(async () => {
  // A dialog left open by a failed assertion must not leak into the next test.
  (await import('sweetalert2')).default.close();
});

describe('formDialog (fields on the form kit)', () => {
  it('keeps the dialog open with each error under its field, then resolves the trimmed values', async () => {
    const user = userEvent.setup();
    const answer = open();
    const amount = await screen.findByLabelText('Amount (USD) (required)');
    await waitFor(() => expect(amount).toHaveFocus());
    await user.click(confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Amount (USD) is required');
    expect(amount).toHaveAccessibleDescription('Amount (USD) is required');
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await user.type(amount, '-5');
    // Typing clears the old message; the field's own rule speaks on the next try.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter an amount above 0');

    await user.clear(amount);
    await user.type(amount, '  120.50 ');
    await user.type(screen.getByLabelText('Note (optional)'), 'Paid by wire');
    await user.click(confirmButton());
    await expect(answer).resolves.toEqual({ amount: '120.50', note: 'Paid by wire' });
    // Three tries with typing between them: over 5 s on a loaded 2-core machine.
  }, 15_000);

  it('resolves null when the user cancels', async () => {
    const answer = open();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBeNull();
  });
});
