import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Session, signIn } from './support/browser.js';

// Content and support in Chromium: the site banner and its acknowledgement, the warning before
// leaving the portal, and a partner logo uploaded by an admin showing on the partner cards.

/** A solid PNG of the given size, so the test can tell it from the default logo by its width. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.alloc(width * 4, Buffer.from([0x1c, 0x7e, 0xd6, 0xff])),
  ]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What the test reads of an <img> (the e2e project has no DOM types). */
type ImageLike = { complete: boolean; naturalWidth: number; currentSrc: string };

const stamp = Date.now().toString(36);
const sessions: Session[] = [];
async function signedIn(login: string): Promise<Session> {
  const session = await openBrowser();
  sessions.push(session);
  await signIn(session.page, login);
  return session;
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

describe('content and support in Chromium', () => {
  let outside: Server;
  let outsideUrl: string;

  beforeAll(async () => {
    // Another host: the portal runs on localhost, this page on 127.0.0.1.
    outside = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Outside</title><h1>Outside the portal</h1>');
    });
    outside.listen(0, '127.0.0.1');
    await once(outside, 'listening');
    outsideUrl = `http://127.0.0.1:${(outside.address() as AddressInfo).port}/help`;
  });

  afterAll(async () => {
    for (const session of sessions) await session.close();
    outside?.close();
  });

  it('shows the banner until the user acknowledges it, and not again after a reload', async () => {
    const admin = await signedIn('E100001');
    const acknowledged = `Planned maintenance Saturday 10 PM ET (${stamp})`;
    const control = `New reports are available (${stamp})`;
    await admin.page.goto('/admin/banner');
    for (const message of [acknowledged, control]) {
      await admin.page.getByLabel('Banner Message').fill(message);
      await chooseOption(admin.page, 'Banner Type', 'Information');
      await admin.page.getByLabel('Time to Live').fill('1.5');
      await admin.page.getByRole('button', { name: 'Create Banner' }).click();
      await admin.page.getByText('The banner has been successfully created/updated.').waitFor();
      await admin.page.getByRole('row').filter({ hasText: message }).getByText('1.5 Hours').waitFor();
    }

    const { page } = await signedIn('partner@demo.portal');
    await page.goto('/');
    const banner = (message: string) => page.getByTestId('site-banner').filter({ hasText: message });
    await banner(acknowledged).waitFor();
    await banner(control).waitFor();
    await banner(acknowledged).getByRole('button', { name: 'Acknowledge' }).click();
    await banner(acknowledged).waitFor({ state: 'detached' });

    await page.reload();
    // Both come from the same read: once the other banner shows, the acknowledged one would too.
    await banner(control).waitFor();
    expect(await banner(acknowledged).count()).toBe(0);
    await page.goto('/faqs');
    await banner(control).waitFor();
    expect(await banner(acknowledged).count()).toBe(0);

    // Disabled banners leave every page (and the other browser tests).
    for (const message of [acknowledged, control]) {
      await admin.page
        .getByRole('row')
        .filter({ hasText: message })
        .getByRole('button', { name: 'Disable' })
        .click();
      await admin.page
        .getByRole('dialog', { name: 'Disable Banner' })
        .getByRole('button', { name: 'Disable' })
        .click();
      await admin.page.getByText('The banner was successfully deleted.').waitFor();
    }
    const bannerRead = page.waitForResponse((response) => response.url().endsWith('/api/banner'));
    await page.reload();
    const { banners } = (await (await bannerRead).json()) as { banners: { bannerMessage: string }[] };
    expect(banners.map((b) => b.bannerMessage)).not.toEqual(
      expect.arrayContaining([expect.stringContaining(stamp)]),
    );
    expect(await banner(control).count()).toBe(0);
  });

  it('warns before leaving for another host, and Continue opens the link', async () => {
    const admin = await signedIn('E100001');
    const question = `Where is the partner help centre (${stamp})?`;
    await admin.page.goto('/admin/faqs/new');
    await admin.page.getByLabel('Question').fill(question);
    await admin.page.getByLabel('Answer').fill(`Guides and contacts are at ${outsideUrl} for every partner.`);
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await admin.page.waitForURL('**/admin/faqs');

    const { page, context } = await signedIn('partner@demo.portal');
    await page.goto('/faqs');
    await page.getByLabel('Search').fill(stamp);
    await page.getByRole('button', { name: question }).click();
    await page.getByRole('link', { name: outsideUrl }).click();

    const warning = page.getByRole('dialog', { name: 'Warning!' });
    await warning
      .getByText(
        `You are about to leave the portal. Are you sure you would like to continue to ${outsideUrl}?`,
      )
      .waitFor();
    const opened = context.waitForEvent('page');
    await warning.getByRole('button', { name: 'Continue' }).click();
    const outsidePage = await opened;
    await outsidePage.getByRole('heading', { name: 'Outside the portal' }).waitFor();
    expect(outsidePage.url()).toBe(outsideUrl);
    expect(new URL(page.url()).pathname).toBe('/faqs');

    await admin.page
      .getByRole('row')
      .filter({ hasText: question })
      .getByRole('button', { name: 'Delete' })
      .click();
    await admin.page
      .getByRole('dialog', { name: 'Delete FAQ' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await admin.page.getByRole('row').filter({ hasText: question }).waitFor({ state: 'detached' });
  });

  it('lets an admin upload a partner logo that then shows on the partner card', async () => {
    const { page } = await signedIn('E100001');
    const logo = png(37, 23);
    await page.goto('/marketing/latest/BJS');
    const panel = page.getByTestId('logo-upload');
    await panel.getByRole('button', { name: 'Upload' }).waitFor();
    await panel
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bjs-logo.png', mimeType: 'image/png', buffer: logo });
    await panel.getByAltText('Preview').waitFor();
    const reloaded = page.waitForEvent('load');
    await panel.getByRole('button', { name: 'Upload' }).click();
    await panel.getByText('Upload success!').waitFor();
    await reloaded;
    await page.getByTestId('logo-upload').getByAltText('Current Partner Logo').waitFor();

    const logoWidth = async (path: string) => {
      await page.goto(path);
      const image = page.locator('img[alt="BJ\'s Wholesale Club logo"]').first();
      await image.waitFor();
      await page.waitForFunction(
        (element) =>
          (element as unknown as ImageLike).complete && (element as unknown as ImageLike).naturalWidth > 0,
        await image.elementHandle(),
      );
      return image.evaluate((element) => ({
        width: (element as unknown as ImageLike).naturalWidth,
        src: (element as unknown as ImageLike).currentSrc,
      }));
    };
    // The default logo is 160 px wide; the uploaded one 37.
    expect(await logoWidth('/marketing')).toEqual({
      width: 37,
      src: expect.stringMatching(/\/api\/logo\/BJS$/),
    });
    expect(await logoWidth('/partners')).toEqual({
      width: 37,
      src: expect.stringMatching(/\/api\/logo\/BJS$/),
    });
  });
});
