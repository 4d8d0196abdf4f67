import type { Page } from 'playwright-core';

/**
 * Opens a group of the side navigation (Admin) and follows one of its links, as a person does:
 * once the group has finished opening. Mantine's collapse runs 200 ms, and the pane's scroll
 * settles when it ends; a click in between pressed on one link and released on another (the list
 * had moved under the pointer), which the browser turns into a click on the list that leads
 * nowhere. Waits for the address of the link's page.
 */
export async function followNavigationLink(page: Page, group: string, link: string): Promise<void> {
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await navigation.getByRole('button', { name: group, exact: true }).click();
  const target = navigation.getByRole('link', { name: link, exact: true });
  await target.waitFor();
  await target.evaluate(settled);
  const href = await target.getAttribute('href');
  await target.click();
  await page.waitForURL((url) => url.pathname === href);
}

/**
 * Resolves once the group is open (nothing between the link and the pane clips it), nothing in the
 * pane animates, and the link and the pane's scroll have stood still for three frames.
 */
function settled(link: Element): Promise<void> {
  const pane = link.closest('nav');
  const clipped = () => {
    for (let box = link.parentElement; box !== null && box !== pane; box = box.parentElement) {
      if (box.clientHeight < box.scrollHeight && getComputedStyle(box).overflowY !== 'visible') return true;
    }
    return false;
  };
  const place = () =>
    `${JSON.stringify(link.getBoundingClientRect())} ${pane?.scrollTop} ${pane?.scrollHeight}`;
  return new Promise((resolve) => {
    let last = '';
    let still = 0;
    const frame = () => {
      const now = place();
      const animating =
        pane?.getAnimations({ subtree: true }).some((a) => a.playState === 'running') ?? false;
      still = now === last && !animating && !clipped() ? still + 1 : 0;
      last = now;
      if (still >= 3) resolve();
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}
