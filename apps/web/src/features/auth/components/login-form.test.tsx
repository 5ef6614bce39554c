import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { GOOGLE_MESSAGES, LOGIN_MESSAGES } from '@/config/messages';
import { errorDialog, successDialog } from '@/lib/dialogs';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render-route';
import { LoginForm } from './login-form';

vi.mock('@/lib/dialogs', () => import('@/test/dialogs-mock'));

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

async function fillAndSubmit() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), 'buyer@bulkwise.test');
  await user.type(screen.getByLabelText('Password'), 'wrong');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('LoginForm', () => {
  it('shows the spec texts and labelled fields', () => {
    renderRoute(<LoginForm />, { path: '/login' });
    expect(screen.getByRole('heading', { name: LOGIN_MESSAGES.heading })).toBeInTheDocument();
    expect(screen.getByText(LOGIN_MESSAGES.subtitle)).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('requires email and password', async () => {
    const auth = fakeAuth();
    renderRoute(<LoginForm />, { path: '/login', auth });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('announces each missing value under its own field', async () => {
    renderRoute(<LoginForm />, { path: '/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByRole('alert')).toHaveLength(2);
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Email address')).toBeInvalid();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
  });

  it('disables both buttons while signing in, then shows success and goes to /', async () => {
    let finish: () => void = () => {};
    const auth = fakeAuth({ signIn: vi.fn(() => new Promise<void>((resolve) => (finish = resolve))) });
    const router = renderRoute(<LoginForm />, { path: '/login', auth });
    await fillAndSubmit();

    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();
    finish();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(auth.signIn).toHaveBeenCalledWith('buyer@bulkwise.test', 'wrong');
    expect(successDialog).toHaveBeenCalledWith(LOGIN_MESSAGES.success);
  });

  it('returns to the page the guard remembered', async () => {
    const router = renderRoute(<LoginForm />, { path: '/login', state: { from: '/cart' } });
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
  });

  it.each([
    ['auth/invalid-credential', LOGIN_MESSAGES.invalidCredential],
    ['auth/too-many-requests', LOGIN_MESSAGES.tooManyRequests],
    ['auth/internal-error', LOGIN_MESSAGES.other],
  ])('maps %s to the Sign In Failed dialog', async (code, message) => {
    const auth = fakeAuth({ signIn: vi.fn(async () => Promise.reject(firebaseError(code))) });
    renderRoute(<LoginForm />, { path: '/login', auth });
    await fillAndSubmit();
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(LOGIN_MESSAGES.failedTitle, message, {
        confirmText: 'Try Again',
        extraButton: undefined,
      }),
    );
    expect(successDialog).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("offers 'Create Account' for an unknown email and goes to /register when chosen", async () => {
    vi.mocked(errorDialog).mockResolvedValueOnce('extra');
    const auth = fakeAuth({
      signIn: vi.fn(async () => Promise.reject(firebaseError('auth/user-not-found'))),
    });
    const router = renderRoute(<LoginForm />, { path: '/login', auth });
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(errorDialog).toHaveBeenCalledWith(LOGIN_MESSAGES.failedTitle, LOGIN_MESSAGES.userNotFound, {
      confirmText: 'Try Again',
      extraButton: 'Create Account',
    });
  });

  it('signs in with Google', async () => {
    const auth = fakeAuth();
    const router = renderRoute(<LoginForm />, { path: '/login', auth });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(successDialog).toHaveBeenCalledWith(LOGIN_MESSAGES.googleSuccess);
  });

  it("shows 'Google Sign In Failed' when the popup is closed", async () => {
    const auth = fakeAuth({
      signInWithGoogle: vi.fn(async () => Promise.reject(firebaseError('auth/popup-closed-by-user'))),
    });
    renderRoute(<LoginForm />, { path: '/login', auth });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(GOOGLE_MESSAGES.failedTitle, GOOGLE_MESSAGES.popupClosed, {
        confirmText: 'Try Again',
      }),
    );
  });
});
