import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page.js';

const Content = () => <p>content</p>;
const page = () => lazyPage(async () => ({ default: Content }));

// Without vitest's globals Testing Library does not clean up by itself: a later test would find the
// page an earlier one drew (issue 26).
afterEach(cleanup);

describe('lazyPage', () => {
  it('renders a page already downloaded at once, without the loading fallback', async () => {
    const Page = page();
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('content')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows the fallback until a page not yet downloaded arrives, then the page', async () => {
    const Page = page();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('content')).toBeTruthy();
  });

  it('keeps the fallback, and no page, while the page has not arrived', async () => {
    const Page = lazyPage(() => new Promise(() => {}));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('loading')).toBeTruthy();
    expect(screen.queryByText('content')).toBeNull();
  });
});
