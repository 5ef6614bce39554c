import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Boot, type AppProps } from './boot';

function FakeApp({ onAuthReady, readyAfterMs }: AppProps & { readyAfterMs: number }) {
  useEffect(() => {
    const timer = window.setTimeout(onAuthReady, readyAfterMs);
    return () => window.clearTimeout(timer);
  }, [onAuthReady, readyAfterMs]);
  return <p>app content</p>;
}

const overlay = () => screen.queryByTestId('startup-overlay');

describe('Boot', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the startup overlay for 2 seconds even when the app is ready at once', async () => {
    const app = Promise.resolve({ App: (props: AppProps) => <FakeApp {...props} readyAfterMs={0} /> });
    render(<Boot app={app} />);
    expect(overlay()).toBeInTheDocument();
    // The app arrives and knows its auth state at once.
    await act(async () => vi.advanceTimersByTimeAsync(0));
    await act(async () => vi.advanceTimersByTimeAsync(0));

    await act(async () => vi.advanceTimersByTimeAsync(1900));
    expect(screen.getByText('app content')).toBeInTheDocument();
    expect(overlay()).toBeInTheDocument();
    // Only the overlay's own time is left (the browser journeys skip exactly that).
    expect(overlay()).toHaveAttribute('data-state', 'app-ready');

    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(overlay()).not.toBeInTheDocument();
  });

  it('keeps the overlay until the first auth state is known', async () => {
    const app = Promise.resolve({ App: (props: AppProps) => <FakeApp {...props} readyAfterMs={3000} /> });
    render(<Boot app={app} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('app content')).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTimeAsync(2900));
    expect(overlay()).toBeInTheDocument();
    expect(overlay()).toHaveAttribute('data-state', 'starting');
    await act(async () => vi.advanceTimersByTimeAsync(100));
    expect(overlay()).not.toBeInTheDocument();
  });

  it('offers a reload when the app cannot be downloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Boot app={Promise.reject(new Error('chunk failed'))} />);
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
