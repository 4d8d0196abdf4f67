import { MESSAGES, RELOAD_AFTER_UPLOAD_MS } from '@portal/domain';
import type { Message } from '@portal/domain/api/common';
import type { PartnerImagesReply, PartnerImageUpload } from '@portal/domain/api/partner-images';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../test/render.js';
import { uploadReload } from './ImageUploadPanel.js';
import { MarketingImageUpload, PartnerLogoUpload } from './PartnerImageUploads.js';

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });

beforeEach(() => {
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

const uploaded: PartnerImageUpload = {
  message: 'Upload success!',
  partnerCode: 'BJS',
  contentType: 'image/png',
  byteSize: 4,
};

function stubFetch(current: () => Response, upload: () => Response) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === 'POST' ? upload() : current(),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const pick = (file: File) => {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};

/** No logo yet (404), then the upload's answer. */
const stubNoLogoThenUpload = () =>
  stubFetch(
    () => jsonResponse<Message>(404, { message: 'Not found' }),
    () => jsonResponse<PartnerImageUpload>(200, uploaded),
  );

describe('logo and marketing upload', { timeout: 20_000 }, () => {
  it('says no logo was uploaded yet on 404, and an unknown error otherwise', async () => {
    stubFetch(
      () => jsonResponse<Message>(404, { message: 'x' }),
      () => jsonResponse<PartnerImageUpload>(200, uploaded),
    );
    renderWithProviders(<PartnerLogoUpload partnerCode="BJS" />);
    expect(await screen.findByText(MESSAGES.logoNotFound)).toBeTruthy();

    stubFetch(
      () => jsonResponse<Message>(500, { message: 'x' }),
      () => jsonResponse<PartnerImageUpload>(200, uploaded),
    );
    renderWithProviders(<MarketingImageUpload partnerCode="SAM" />);
    expect(await screen.findByText(MESSAGES.imageFetchError)).toBeTruthy();
  });

  it("knows from the partner's images that none was uploaded, without asking for the image", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/partner-images/BJS'
        ? jsonResponse<PartnerImagesReply>(200, { logo: null, marketing: null })
        : jsonResponse<Message>(500, { message: 'asked' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<PartnerLogoUpload partnerCode="BJS" />);
    expect(await screen.findByText(MESSAGES.logoNotFound)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/partner-images/BJS']);
  });

  it('previews the picked file, uploads it as File and reloads 3 seconds after success', async () => {
    const reload = vi.spyOn(uploadReload, 'reload').mockImplementation(() => {});
    const fetchMock = stubNoLogoThenUpload();
    renderWithProviders(<PartnerLogoUpload partnerCode="BJS" />);
    await screen.findByText(MESSAGES.logoNotFound);
    pick(png());
    expect((await screen.findByAltText('Preview')).getAttribute('src')).toBe('blob:preview');

    const timers = vi.spyOn(globalThis, 'setTimeout');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(MESSAGES.uploadSuccess)).toBeTruthy();
    const uploadCall = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST');
    expect(uploadCall?.[0]).toBe('/api/logo/BJS');
    expect((uploadCall?.[1]?.body as FormData | undefined)?.get('File')).toBeInstanceOf(File);

    // The reload waits 3 seconds; run the scheduled callback rather than wait.
    expect(reload).not.toHaveBeenCalled();
    const scheduled = timers.mock.calls.find(([, delay]) => delay === RELOAD_AFTER_UPLOAD_MS);
    if (scheduled === undefined) throw new Error('no reload was scheduled');
    (scheduled[0] as () => void)();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("shows the server's reason for a refused file, and the §8 failure otherwise", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(
      () => jsonResponse<Message>(404, { message: 'Not found' }),
      () =>
        jsonResponse<Message>(400, { message: 'Invalid file type (unknown) -- Please upload a PNG image.' }),
    );
    renderWithProviders(<MarketingImageUpload partnerCode="BJS" />);
    await screen.findByText(MESSAGES.marketingNotFound);
    pick(png());
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Invalid file type (unknown) -- Please upload a PNG image.')).toBeTruthy();

    stubFetch(
      () => jsonResponse<Message>(404, { message: 'Not found' }),
      () => jsonResponse<Message>(500, { message: 'boom' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(MESSAGES.uploadFailed)).toBeTruthy();
  });

  it('refuses a name that is not a PNG for a logo before uploading', async () => {
    const fetchMock = stubNoLogoThenUpload();
    renderWithProviders(<PartnerLogoUpload partnerCode="BJS" />);
    await screen.findByText(MESSAGES.logoNotFound);
    pick(new File(['x'], 'logo.gif', { type: 'image/gif' }));
    expect(screen.getByText('Invalid file type (gif) -- Please upload a PNG image.')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
