import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page.js';

const Content = () => <p>content</p>;
const page = () => lazyPage(async () => ({ default: Content }));

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
});
