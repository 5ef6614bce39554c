import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorDialog } from '@/lib/dialogs';
import { signedInUser } from '@/test/fake-auth';
import { apiError, deferred, json, mockApi } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/dialogs', () => ({
  confirmDialog: vi.fn(async () => true),
  successDialog: vi.fn(async () => {}),
  errorDialog: vi.fn(async () => 'confirm'),
}));

const emailSwitch = () => screen.findByRole('switch', { name: /Order emails/ });

describe('Settings page', () => {
  beforeEach(() => vi.mocked(errorDialog).mockClear());

  it('shows the stored choice and saves a change on the server', async () => {
    let stored = true;
    const saved = deferred<Response>();
    const { apiCalls } = mockApi({
      'GET /api/settings': () => json({ emailNotifications: stored, lowStockEmails: true }),
      'PUT /api/settings': async (call) => {
        stored = (call.body as { emailNotifications: boolean }).emailNotifications;
        return saved.promise.then(() => json({ emailNotifications: stored, lowStockEmails: true }));
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
      'GET /api/settings': () => json({ emailNotifications: true, lowStockEmails: true }),
      'PUT /api/settings': () => apiError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable'),
    });
    renderApp('/settings', { user: signedInUser });
    await userEvent.setup().click(await emailSwitch());
    await waitFor(() =>
      expect(errorDialog).toHaveBeenCalledWith('Could Not Save Settings', expect.any(String)),
    );
    expect(await emailSwitch()).toBeChecked();
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
});
