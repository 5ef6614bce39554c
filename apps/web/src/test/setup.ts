import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installMatchMedia, resetMatchMedia } from './match-media';

installMatchMedia();
// Lazy route modules are transformed on first import, which can take over a second on a busy machine.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetMatchMedia();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.classList.remove('dark');
});
