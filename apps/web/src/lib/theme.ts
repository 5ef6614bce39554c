import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY } from '@/config/storage-keys';

export type Theme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export interface ThemeStore {
  getTheme(): Theme;
  /** True until the user toggles: the theme then stops following the system. */
  followsSystem(): boolean;
  toggle(): void;
  subscribe(listener: () => void): () => void;
}

function readStored(storage: Storage | undefined): Theme | null {
  try {
    const value = storage?.getItem(THEME_STORAGE_KEY);
    return value === 'dark' || value === 'light' ? value : null;
  } catch {
    return null;
  }
}

/** daisyUI reads data-theme; Tailwind's dark: variant reads the `dark` class (the spec's dark marker). */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.classList.toggle('dark', theme === 'dark');
}

export function createThemeStore(win: Window = window): ThemeStore {
  const media = typeof win.matchMedia === 'function' ? win.matchMedia(DARK_QUERY) : null;
  let chosen = readStored(win.localStorage);
  let theme: Theme = chosen ?? (media?.matches ? 'dark' : 'light');
  const listeners = new Set<() => void>();

  const set = (next: Theme) => {
    theme = next;
    applyTheme(next, win.document.documentElement);
    for (const listener of listeners) listener();
  };

  media?.addEventListener('change', (event) => {
    if (chosen === null) set(event.matches ? 'dark' : 'light');
  });
  applyTheme(theme, win.document.documentElement);

  return {
    getTheme: () => theme,
    followsSystem: () => chosen === null,
    toggle() {
      const next: Theme = theme === 'dark' ? 'light' : 'dark';
      chosen = next;
      try {
        win.localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {
        // Not persisted, but still applied for this visit.
      }
      set(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

let appStore: ThemeStore | null = null;

/** The page's theme store, created (and applied to <html>) on first use: main.tsx calls it before rendering. */
export function themeStore(): ThemeStore {
  appStore ??= createThemeStore();
  return appStore;
}

export function useTheme(store: ThemeStore = themeStore()): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(store.subscribe, store.getTheme, store.getTheme);
  return { theme, toggle: store.toggle };
}
