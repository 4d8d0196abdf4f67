import { Alert, Button, FileInput, Group, Image, Stack, Text, Title } from '@mantine/core';
import {
  acceptsFileName,
  imageTooLargeMessage,
  invalidMarketingFileType,
  MAX_IMAGE_UPLOAD_BYTES,
  MESSAGES,
  type PartnerImageKind,
  RELOAD_AFTER_UPLOAD_MS,
} from '@portal/domain';
import { useEffect, useState } from 'react';
import { ApiError, post } from '../../api/api.js';
import { usePartnerImage } from './usePartnerImage.js';

// SPEC.md §2/§4 Logo and marketing upload: pick a file, preview, upload; then success (the page
// reloads after 3 seconds) or an error. The server judges the file by its bytes; the checks here
// only spare a round trip.

/** The page reload after a successful upload, in one object so tests can observe it. */
export const uploadReload = {
  reload(): void {
    window.location.reload();
  },
};

export type ImageUploadPanelProps = {
  kind: PartnerImageKind;
  partnerCode: string;
  title: string;
  imageUrl: string;
  uploadUrl: string;
  notFoundMessage: string;
  failureMessage: string;
  accept: string;
};

type Notice = { ok: boolean; text: string };

function failureText(error: unknown, fallback: string): string {
  // The server's own words for a refused file (type, size); anything else is the §8 message.
  if (error instanceof ApiError && (error.status === 400 || error.status === 413)) return error.message;
  return fallback;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? 'unknown' : fileName.slice(dot + 1).toLowerCase();
}

export function ImageUploadPanel(props: ImageUploadPanelProps) {
  const { kind, partnerCode, title, imageUrl, uploadUrl, notFoundMessage, failureMessage, accept } = props;
  const current = usePartnerImage(imageUrl, partnerCode, kind);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    if (file === null) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function pick(picked: File | null) {
    setNotice(null);
    if (picked && !acceptsFileName(kind, picked.name)) {
      setNotice({ ok: false, text: invalidMarketingFileType(extensionOf(picked.name)) });
      return setFile(null);
    }
    if (picked && picked.size > MAX_IMAGE_UPLOAD_BYTES) {
      setNotice({ ok: false, text: imageTooLargeMessage() });
      return setFile(null);
    }
    setFile(picked);
  }

  async function upload() {
    if (file === null) return;
    const body = new FormData();
    body.append('File', file, file.name);
    setUploading(true);
    setNotice(null);
    try {
      await post(uploadUrl, body);
      setNotice({ ok: true, text: MESSAGES.uploadSuccess });
      setTimeout(() => uploadReload.reload(), RELOAD_AFTER_UPLOAD_MS);
    } catch (error) {
      console.error('Upload failed', error);
      setNotice({ ok: false, text: failureText(error, failureMessage) });
    } finally {
      setUploading(false);
    }
  }

  return (
    <Stack gap="sm" data-testid={`${kind.toLowerCase()}-upload`}>
      <Title order={2}>{title}</Title>
      {current.status === 'found' && (
        <Image src={current.src} alt={`Current ${title}`} mah={240} w="auto" fit="contain" />
      )}
      {current.status === 'missing' && <Text c="dimmed">{notFoundMessage}</Text>}
      {current.status === 'error' && <Text c="red">{MESSAGES.imageFetchError}</Text>}
      <Group align="flex-end">
        <FileInput
          label="Choose a file"
          placeholder="No file chosen"
          accept={accept}
          value={file}
          onChange={pick}
          clearable
          w={320}
        />
        <Button onClick={upload} disabled={file === null} loading={uploading}>
          Upload
        </Button>
      </Group>
      {preview !== null && <Image src={preview} alt="Preview" mah={240} w="auto" fit="contain" />}
      {notice && (
        <Alert role="status" color={notice.ok ? 'green' : 'red'}>
          {notice.text}
        </Alert>
      )}
    </Stack>
  );
}
