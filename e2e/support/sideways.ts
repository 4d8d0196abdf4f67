import type { Page } from 'playwright-core';
import type { Finding } from './axe.js';

// WCAG 1.4.10 Reflow: at a phone's width the page itself never scrolls sideways. A wide table may
// scroll inside its own region; the document may not be wider than the window.

/**
 * A finding when the document is wider than the window, naming the page's width and the elements
 * where the overflow starts (those sticking out of a parent that does not): where a fix goes.
 */
export async function sidewaysScrollFindings(page: Page): Promise<Finding[]> {
  const shape = await page.evaluate(() => {
    const limit = window.innerWidth;
    const clips = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    const describe = (element: Element) => {
      const testId = element.getAttribute('data-testid');
      const label = element.getAttribute('aria-label');
      const classes = Array.from(element.classList)
        .filter((name) => name.startsWith('mantine-'))
        .slice(0, 2);
      const right = Math.round(element.getBoundingClientRect().right);
      return `${element.tagName.toLowerCase()}${classes.map((name) => `.${name}`).join('')}${
        testId ? `[data-testid="${testId}"]` : label ? `[aria-label="${label}"]` : ''
      } (right edge at ${right} px)`;
    };
    /**
     * Sticks out of the window, and not inside a region that scrolls or clips it. An element placed
     * absolutely is clipped only by its containing block and what holds that, not by a scrolling
     * parent in between (a visually hidden heading in a scrolling table can widen the page).
     */
    const sticksOut = (element: Element) => {
      if (element.getBoundingClientRect().right <= limit + 1) return false;
      const position = getComputedStyle(element).position;
      const placed = position === 'absolute' || position === 'fixed';
      const from = placed && element instanceof HTMLElement ? element.offsetParent : element.parentElement;
      for (let up = from; up && up !== document.body; up = up.parentElement) {
        if (clips(up)) return false;
      }
      return true;
    };
    const starts =
      document.documentElement.scrollWidth > limit
        ? Array.from(document.body.querySelectorAll('*')).filter(
            (element) =>
              sticksOut(element) && (element.parentElement === null || !sticksOut(element.parentElement)),
          )
        : [];
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: limit,
      starts: starts.slice(0, 5).map(describe),
    };
  });
  if (shape.scrollWidth <= shape.innerWidth) return [];
  return [
    {
      rule: 'no-sideways-scroll',
      impact: 'serious',
      help: `The page is ${shape.scrollWidth} px wide in a ${shape.innerWidth} px window: it scrolls sideways`,
      targets: shape.starts,
    },
  ];
}
