import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageTitle } from './page-title';

function Page({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

describe('usePageTitle', () => {
  afterEach(() => {
    document.title = '';
  });

  it("sets '{page} | Bulkwise' and restores 'Bulkwise' when the page is left", () => {
    const { rerender, unmount } = render(<Page title="Home" />);
    expect(document.title).toBe('Home | Bulkwise');

    rerender(<Page title="My Cart" />);
    expect(document.title).toBe('My Cart | Bulkwise');

    unmount();
    expect(document.title).toBe('Bulkwise');
  });
});
