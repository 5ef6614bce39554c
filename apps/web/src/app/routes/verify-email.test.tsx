import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInUser } from '@/test/fake-auth';
import { mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

describe('Verify email page (the link of the verification mail)', () => {
  it('applies the code from the link and says the address is verified', async () => {
    mockApi({});
    const applyEmailCode = vi.fn(async () => {});
    renderApp('/verify-email?oobCode=abc123', { user: signedInUser, auth: { applyEmailCode } });
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
    expect(applyEmailCode).toHaveBeenCalledTimes(1);
    expect(applyEmailCode).toHaveBeenCalledWith('abc123');
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/settings');
  });

  it('offers Try Again and Settings when Firebase refuses the code', async () => {
    mockApi({});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const applyEmailCode = vi
      .fn<(code: string) => Promise<void>>()
      .mockRejectedValueOnce(new Error('auth/invalid-action-code'))
      .mockResolvedValueOnce();
    renderApp('/verify-email?oobCode=used', { user: signedInUser, auth: { applyEmailCode } });
    expect(await screen.findByRole('alert')).toHaveTextContent(/invalid, expired or already used/);
    expect(screen.getByRole('link', { name: 'Open Settings' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Your email address is verified.')).toBeInTheDocument();
  });

  it('a link without its code says so', async () => {
    mockApi({});
    renderApp('/verify-email', { user: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(/This link is incomplete/);
  });
});
