import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGES, REGISTER_MESSAGES } from '@/config/messages';
import { errorDialog, successDialog } from '@/lib/dialogs';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render-route';
import { RegisterForm } from './register-form';

vi.mock('@/lib/dialogs', () => import('@/test/dialogs-mock'));

async function fill({ password = 'Supplier#2026', photo = 'https://example.com/sam.png' } = {}) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full Name'), 'Sam Supplier');
  await user.type(screen.getByLabelText('Email address'), 'sam@bulkwise.test');
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (photo) await user.type(screen.getByLabelText('Photo URL'), photo);
  return user;
}

/** Renders the form with `auth`, fills it (see `fill`) and presses Create Account. */
async function submit(auth: ReturnType<typeof fakeAuth>, fields?: Parameters<typeof fill>[0]) {
  const router = renderRoute(<RegisterForm />, { path: '/register', auth });
  const user = await fill(fields);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
  return { router, user };
}

describe('RegisterForm', () => {
  it('has the spec heading and labelled fields, photo URL of type url and required', () => {
    renderRoute(<RegisterForm />, { path: '/register' });
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toBeRequired();
    expect(screen.getByLabelText('Email address')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByLabelText('Photo URL')).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText('Photo URL')).toBeRequired();
  });

  it('gives live feedback on each password rule', async () => {
    renderRoute(<RegisterForm />, { path: '/register' });
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password');

    await user.type(password, 'ab');
    const rule = (message: string) => screen.getByText(message).closest('li');
    expect(rule(PASSWORD_MESSAGES.tooShort)).toHaveAttribute('data-met', 'false');
    expect(rule(PASSWORD_MESSAGES.noUppercase)).toHaveAttribute('data-met', 'false');
    expect(rule(PASSWORD_MESSAGES.noLowercase)).toHaveAttribute('data-met', 'true');
    expect(rule(PASSWORD_MESSAGES.noSpecial)).toHaveAttribute('data-met', 'false');
    expect(screen.queryByText(PASSWORD_MESSAGES.allMet)).not.toBeInTheDocument();

    await user.type(password, 'cDe!');
    expect(screen.getByText(PASSWORD_MESSAGES.allMet)).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_MESSAGES.tooShort)).not.toBeInTheDocument();
  });

  it("lists every failing rule in the 'Invalid Password' dialog and stops", async () => {
    const auth = fakeAuth();
    await submit(auth, { password: 'abc' });

    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith(PASSWORD_MESSAGES.title, [
        PASSWORD_MESSAGES.tooShort,
        PASSWORD_MESSAGES.noUppercase,
        PASSWORD_MESSAGES.noSpecial,
      ]),
    );
    expect(auth.register).not.toHaveBeenCalled();
  });

  it('asks for the photo URL when it is missing', async () => {
    const auth = fakeAuth();
    await submit(auth, { photo: '' });

    expect(await screen.findByText(REGISTER_MESSAGES.photoRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Photo URL')).toHaveFocus();
    expect(auth.register).not.toHaveBeenCalled();
  });

  it('refuses a photo URL that is not http(s): the error is announced under the field and clears as the user types', async () => {
    const auth = fakeAuth();
    const { user } = await submit(auth, { photo: 'javascript:alert(1)' });

    const photo = screen.getByLabelText('Photo URL');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid photo URL (http or https).',
    );
    expect(photo).toHaveAccessibleDescription('Please enter a valid photo URL (http or https).');
    expect(photo).toBeInvalid();
    expect(photo).toHaveFocus();
    expect(auth.register).not.toHaveBeenCalled();

    await user.type(photo, 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(photo).not.toHaveAttribute('aria-invalid');
  });

  it("reads the live password rules as the password field's description", async () => {
    renderRoute(<RegisterForm />, { path: '/register' });
    const password = screen.getByLabelText('Password');
    await userEvent.setup().type(password, 'Abcdef!');
    expect(password).toHaveAccessibleDescription(PASSWORD_MESSAGES.allMet);
  });

  it("shows 'Creating Account...' while busy, then success and home", async () => {
    let finish: () => void = () => {};
    const auth = fakeAuth({ register: vi.fn(() => new Promise<void>((resolve) => (finish = resolve))) });
    const { router } = await submit(auth);

    expect(await screen.findByRole('button', { name: REGISTER_MESSAGES.busy })).toBeDisabled();
    expect(auth.register).toHaveBeenCalledWith({
      name: 'Sam Supplier',
      email: 'sam@bulkwise.test',
      password: 'Supplier#2026',
      photoURL: 'https://example.com/sam.png',
    });
    finish();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(successDialog).toHaveBeenCalledWith(REGISTER_MESSAGES.success);
  });

  it("offers 'Sign In' when the email is already registered", async () => {
    vi.mocked(errorDialog).mockResolvedValueOnce('extra');
    const auth = fakeAuth({
      register: vi.fn(async () =>
        Promise.reject(Object.assign(new Error(), { code: 'auth/email-already-in-use' })),
      ),
    });
    const { router } = await submit(auth);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(errorDialog).toHaveBeenCalledWith(REGISTER_MESSAGES.failedTitle, REGISTER_MESSAGES.emailInUse, {
      extraButton: 'Sign In',
    });
    expect(successDialog).not.toHaveBeenCalled();
  });
});
