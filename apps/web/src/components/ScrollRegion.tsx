import { Box } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/** Whether the element's content is wider than the element, kept up to date as either resizes. */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/**
 * Content wider than the page (a table with many columns) scrolls inside this named region instead
 * of the whole page scrolling sideways (WCAG 1.4.10). While it scrolls it is a stop of the Tab order,
 * so the arrow keys scroll it (WCAG 2.1.1); while everything fits it is not an empty stop.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(ref);
  return (
    <Box
      ref={ref}
      role="region"
      aria-label={label}
      tabIndex={scrolls ? 0 : undefined}
      data-scrolls={scrolls || undefined}
      // Positioned, so that what is placed absolutely inside (visually hidden headings) scrolls and
      // clips with the table instead of widening the page.
      style={{ overflowX: 'auto', maxWidth: '100%', position: 'relative' }}
    >
      {children}
    </Box>
  );
}
