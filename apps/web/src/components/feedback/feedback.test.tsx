import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackToTop } from '@/components/layout/back-to-top';
import { AppToaster } from './app-toaster';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { Spinner } from './spinner';

describe('feedback components', () => {
  it('Spinner is a status named Loading', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it("ErrorState shows the message and reloads the page on 'Try Again'", async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    render(<ErrorState message="Failed to load cart items" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load cart items');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalled();
  });

  it('EmptyState shows title, message and action', () => {
    render(
      <EmptyState
        title="Your Cart is Empty"
        message="Nothing yet."
        action={<a href="/categories">Browse Products</a>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Your Cart is Empty' })).toBeInTheDocument();
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toBeInTheDocument();
  });
});

describe('AppToaster', () => {
  afterEach(() => {
    act(() => toast.remove());
  });

  it('never shows more than 20 toasts', async () => {
    render(<AppToaster />);
    act(() => {
      for (let i = 1; i <= 25; i++) toast(`Message ${i}`);
    });
    await vi.waitFor(() => expect(screen.getAllByText(/^Message \d+$/)).toHaveLength(20));
    expect(screen.getByText('Message 25')).toBeInTheDocument();
    expect(screen.queryByText('Message 1')).not.toBeInTheDocument();
  });
});

describe('BackToTop', () => {
  it('appears after 200 px of scrolling and scrolls to the top', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    render(<BackToTop />);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();

    act(() => {
      window.scrollY = 150;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();

    act(() => {
      window.scrollY = 201;
      window.dispatchEvent(new Event('scroll'));
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    window.scrollY = 0;
  });
});
