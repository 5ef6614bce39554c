import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorDialog } from '@/lib/dialogs';
import { signedInUser } from '@/test/fake-auth';
import { apiError, deferred, json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/dialogs', () => import('@/test/dialogs-mock'));

const noBusiness = { legalName: null, billingAddress: null, taxId: null };
const emailSwitch = () => screen.findByRole('switch', { name: /Order emails/ });

describe('Settings page', () => {
  beforeEach(() => vi.mocked(errorDialog).mockClear());

  it('shows the stored choice and saves a change on the server', async () => {
    let stored = true;
    const saved = deferred<Response>();
    const { apiCalls } = mockApi({
      'GET /api/settings': () =>
        json({ emailNotifications: stored, lowStockEmails: true, business: noBusiness }),
      'PUT /api/settings': async (call) => {
        stored = (call.body as { emailNotifications: boolean }).emailNotifications;
        return saved.promise.then(() =>
          json({ emailNotifications: stored, lowStockEmails: true, business: noBusiness }),
        );
      },
    });
    renderApp('/settings', { user: signedInUser });
    const toggle = await emailSwitch();
    expect(document.title).toBe('Settings | Bulkwise');
    expect(toggle).toBeChecked();

    await userEvent.setup().click(toggle);
    // While the server stores it, the switch cannot be flipped again.
    await waitFor(() => expect(toggle).toBeDisabled());
    saved.resolve(json({}));
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).toBeEnabled();
    expect(apiCalls().find((c) => c.method === 'PUT')?.body).toEqual({
      emailNotifications: false,
      lowStockEmails: true,
    });
  });

  it('keeps the stored choice and says so when saving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({
      'GET /api/settings': () =>
        json({ emailNotifications: true, lowStockEmails: true, business: noBusiness }),
      'PUT /api/settings': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable'),
    });
    renderApp('/settings', { user: signedInUser });
    await userEvent.setup().click(await emailSwitch());
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith('Could Not Save Settings', expect.any(String)),
    );
    expect(await emailSwitch()).toBeChecked();
  });

  describe('Business details', () => {
    const stored = { legalName: 'Fastenco Ltd', billingAddress: null, taxId: null };
    const region = async () => within(await screen.findByRole('region', { name: 'Business details' }));

    it('starts from the stored details and saves the three together', async () => {
      const { apiCalls } = mockApi({
        'GET /api/settings': () => json({ emailNotifications: true, lowStockEmails: true, business: stored }),
        'PUT /api/settings': (call) =>
          json({ emailNotifications: true, lowStockEmails: true, ...(call.body as object) }),
      });
      const spy = vi.spyOn(toast, 'success');
      renderApp('/settings', { user: signedInUser });
      const form = await region();
      expect(form.getByLabelText('Legal or company name')).toHaveValue('Fastenco Ltd');
      expect(form.getByLabelText('Tax id')).toHaveAccessibleDescription('For example your VAT number or EIN');
      const user = userEvent.setup();
      await user.type(form.getByLabelText('Billing address'), '2 Mill Lane{Enter}Leeds LS1 4AB');
      await user.type(form.getByLabelText('Tax id'), '  GB123456789 ');
      await user.click(form.getByRole('button', { name: 'Save business details' }));
      await waitFor(() => expect(spy).toHaveBeenCalledWith('Business details saved'));
      expect(
        apiCalls()
          .filter((c) => c.method === 'PUT')
          .map((c) => c.body),
      ).toEqual([
        {
          business: {
            legalName: 'Fastenco Ltd',
            billingAddress: '2 Mill Lane\nLeeds LS1 4AB',
            taxId: 'GB123456789',
          },
        },
      ]);
      // The email switches are untouched by the save.
      expect(await emailSwitch()).toBeChecked();
    });

    it('clears a detail left blank, and says why it cannot save a tax id too long', async () => {
      const { apiCalls } = mockApi({
        'GET /api/settings': () => json({ emailNotifications: true, lowStockEmails: true, business: stored }),
        'PUT /api/settings': (call) =>
          json({ emailNotifications: true, lowStockEmails: true, ...(call.body as object) }),
      });
      renderApp('/settings', { user: signedInUser });
      const form = await region();
      const user = userEvent.setup();
      const taxId = form.getByLabelText('Tax id');
      // maxLength stops typing; a paste of a longer value is what the rule is for.
      taxId.removeAttribute('maxlength');
      await user.type(taxId, 'X'.repeat(51));
      await user.click(form.getByRole('button', { name: 'Save business details' }));
      expect(await form.findByRole('alert')).toHaveTextContent('Tax id must be at most 50 characters');
      expect(taxId).toHaveAttribute('aria-invalid', 'true');
      expect(apiCalls().filter((c) => c.method === 'PUT')).toHaveLength(0);

      await user.clear(taxId);
      await user.clear(form.getByLabelText('Legal or company name'));
      await user.click(form.getByRole('button', { name: 'Save business details' }));
      await waitFor(() => expect(apiCalls().filter((c) => c.method === 'PUT')).toHaveLength(1));
      expect(apiCalls().find((c) => c.method === 'PUT')?.body).toEqual({
        business: { legalName: null, billingAddress: null, taxId: null },
      });
      expect(form.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('shows the server’s reason when it refuses the details', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      mockApi({
        'GET /api/settings': () => json({ emailNotifications: true, lowStockEmails: true, business: stored }),
        'PUT /api/settings': () =>
          apiError(400, 'VALIDATION_FAILED', 'Legal name contains characters that are not allowed'),
      });
      renderApp('/settings', { user: signedInUser });
      await userEvent.setup().click((await region()).getByRole('button', { name: 'Save business details' }));
      await waitFor(() =>
        expect(errorDialog).toHaveBeenCalledWith(
          'Could Not Save Business Details',
          'Legal name contains characters that are not allowed',
        ),
      );
    });
  });

  it('offers Try Again when the settings cannot be loaded', async () => {
    mockApi({ 'GET /api/settings': () => apiError(500, 'INTERNAL', 'Internal error') });
    renderApp('/settings', { user: signedInUser });
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByText('We could not load your settings.')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the login page', async () => {
    mockApi({});
    const router = renderApp('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  describe('Email address', () => {
    const unverified = { ...signedInUser, emailVerified: false };
    const settingsApi = {
      'GET /api/settings': () =>
        json({ emailNotifications: true, lowStockEmails: true, business: noBusiness }),
    };

    it('shows a verified address as verified, with nothing to do', async () => {
      mockApi(settingsApi);
      renderApp('/settings', { user: signedInUser });
      const section = within(await screen.findByRole('region', { name: 'Email address' }));
      expect(section.getByText('Verified')).toBeInTheDocument();
      expect(section.queryByRole('button')).not.toBeInTheDocument();
    });

    it('sends the link, says where it went, and drops the mark once the user has verified', async () => {
      const { apiCalls } = mockApi({
        ...settingsApi,
        'POST /api/account/verification-email': () => json({ status: 'sent', email: 'buyer@bulkwise.test' }),
      });
      renderApp('/settings', { user: unverified });
      const section = within(await screen.findByRole('region', { name: 'Email address' }));
      expect(section.getByText('Not verified')).toBeInTheDocument();
      const user = userEvent.setup();
      await user.click(section.getByRole('button', { name: 'Verify your email' }));
      expect(
        await section.findByText(
          'We sent a verification link to buyer@bulkwise.test. Open it, then come back here.',
        ),
      ).toBeInTheDocument();
      expect(apiCalls().filter((c) => c.method === 'POST')).toHaveLength(1);

      await user.click(section.getByRole('button', { name: 'I have verified it' }));
      expect(await section.findByText('Verified')).toBeInTheDocument();
      expect(section.queryByText('Not verified')).not.toBeInTheDocument();
    });

    it('says when the link has not been opened yet, and keeps the mark', async () => {
      const spy = vi.spyOn(toast, 'error');
      mockApi({
        ...settingsApi,
        'POST /api/account/verification-email': () => json({ status: 'sent', email: 'buyer@bulkwise.test' }),
      });
      renderApp('/settings', { user: unverified, auth: { refreshEmailVerified: vi.fn(async () => false) } });
      const section = within(await screen.findByRole('region', { name: 'Email address' }));
      const user = userEvent.setup();
      await user.click(section.getByRole('button', { name: 'Verify your email' }));
      await user.click(await section.findByRole('button', { name: 'I have verified it' }));
      await waitFor(() => expect(spy).toHaveBeenCalledWith(expect.stringMatching(/^Not verified yet/)));
      expect(section.getByText('Not verified')).toBeInTheDocument();
    });

    it('tells the user when the email could not be sent', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      mockApi({
        ...settingsApi,
        'POST /api/account/verification-email': () =>
          apiError(503, 'SERVICE_UNAVAILABLE', 'Email verification is unavailable right now.'),
      });
      renderApp('/settings', { user: unverified });
      const section = within(await screen.findByRole('region', { name: 'Email address' }));
      await userEvent.setup().click(section.getByRole('button', { name: 'Verify your email' }));
      await waitFor(() =>
        expect(errorDialog).toHaveBeenCalledWith('Could Not Send the Email', expect.any(String)),
      );
      expect(section.getByRole('button', { name: 'Verify your email' })).toBeEnabled();
    });
  });
});
