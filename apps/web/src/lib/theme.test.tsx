import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { THEME_STORAGE_KEY } from '@/config/storage-keys';
import { setSystemDark } from '@/test/match-media';
import { createThemeStore, useTheme, type ThemeStore } from './theme';

const html = document.documentElement;

function expectTheme(theme: 'light' | 'dark') {
  expect(html.dataset.theme).toBe(theme);
  expect(html.classList.contains('dark')).toBe(theme === 'dark');
}

describe('theme store', () => {
  it('starts from the system preference and follows it until the user toggles', () => {
    setSystemDark(true);
    const store = createThemeStore();
    expect(store.getTheme()).toBe('dark');
    expectTheme('dark');

    act(() => setSystemDark(false));
    expect(store.getTheme()).toBe('light');
    expectTheme('light');
    expect(store.followsSystem()).toBe(true);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('persists a toggle and then ignores the system', () => {
    const store = createThemeStore();
    expectTheme('light');

    store.toggle();
    expectTheme('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(store.followsSystem()).toBe(false);

    setSystemDark(false);
    setSystemDark(true);
    setSystemDark(false);
    expectTheme('dark');

    store.toggle();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expectTheme('light');
  });

  it('prefers a saved choice over the system', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    setSystemDark(true);
    const store = createThemeStore();
    expect(store.getTheme()).toBe('light');
    expect(store.followsSystem()).toBe(false);
    expectTheme('light');
  });

  it('ignores a saved value that is not dark or light', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    setSystemDark(true);
    expect(createThemeStore().getTheme()).toBe('dark');
  });
});

function Toggle({ store }: { store: ThemeStore }) {
  const { theme } = useTheme(store);
  return <output aria-label="current theme">{theme}</output>;
}

describe('ThemeToggle', () => {
  it('switches the page theme, names the next mode, and persists the choice', async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Switch to dark mode' });

    await user.click(button);
    expectTheme('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expectTheme('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('re-renders when the system preference changes before any toggle', () => {
    const store = createThemeStore();
    render(<Toggle store={store} />);
    expect(screen.getByLabelText('current theme')).toHaveTextContent('light');
    act(() => setSystemDark(true));
    expect(screen.getByLabelText('current theme')).toHaveTextContent('dark');
  });
});
