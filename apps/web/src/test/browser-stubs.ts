// jsdom lacks browser APIs that Mantine relies on. matchMedia answers min/max-width queries
// (px or em) against a viewport width the test sets.

let viewportWidth = 1280;

/** Sets the width that media queries are evaluated against (px). */
export function setViewportWidth(px: number): void {
  viewportWidth = px;
}

function toPx(value: string, unit: string): number {
  return unit === 'em' || unit === 'rem' ? Number(value) * 16 : Number(value);
}

function matches(query: string): boolean {
  return [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/g)].every(([, kind, value, unit]) => {
    const limit = toPx(value ?? '0', unit ?? 'px');
    return kind === 'min' ? viewportWidth >= limit : viewportWidth <= limit;
  });
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    media: query,
    matches: matches(query),
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
