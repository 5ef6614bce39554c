/** A controllable prefers-color-scheme for jsdom (which has no matchMedia). */
type Listener = (event: MediaQueryListEvent) => void;

let systemDark = false;
const listeners = new Set<Listener>();

export function installMatchMedia(): void {
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return query.includes('dark') && systemDark;
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;
}

export function setSystemDark(dark: boolean): void {
  systemDark = dark;
  for (const listener of listeners) listener({ matches: dark } as MediaQueryListEvent);
}

export function resetMatchMedia(): void {
  systemDark = false;
  listeners.clear();
}
