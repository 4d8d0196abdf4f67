import { Alert, Badge, Button, Text, Title } from '@mantine/core';
import { formatTimeToLive, isBannerShowing, MESSAGES } from '@portal/domain';
import type { Banner, BannersReply } from '@portal/domain/api/banners';
import { formatUsDate } from '@portal/domain/time/iso-date';
import { useState } from 'react';
import { post, put } from '../../api/api.js';
import { useApi } from '../../api/swr.js';
import { CenteredLoader } from '../../components/CenteredLoader.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { PageFrame } from '../../components/PageFrame.js';
import { ResponsiveTable } from '../../components/ResponsiveTable.js';
import { BannerForm, type BannerSave, bannerFormOf, emptyBannerForm } from './BannerForm.js';

type Notice = { ok: boolean; text: string };

function status(banner: Banner, now: Date): { label: string; color: string } {
  if (!banner.isActive) return { label: 'Disabled', color: 'gray' };
  return isBannerShowing(banner, now)
    ? { label: 'Active', color: 'green' }
    : { label: 'Expired', color: 'orange' };
}

/** SPEC.md §2 Banner admin: create, edit, disable, with the §8 success and failure messages. */
export default function ManageBannerPage() {
  const { data, mutate } = useApi<BannersReply>('/api/banner');
  const [editing, setEditing] = useState<Banner | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [disabling, setDisabling] = useState<Banner | null>(null);
  async function disable(banner: Banner) {
    setNotice(null);
    await put(`/api/banner/${banner.bannerId}/disable`);
    setNotice({ ok: true, text: MESSAGES.bannerDeleted });
    if (editing?.bannerId === banner.bannerId) setEditing(null);
    await mutate();
  }
  const now = new Date();

  async function save(banner: BannerSave) {
    setNotice(null);
    try {
      if (editing)
        await put(`/api/banner/${editing.bannerId}/edit`, { bannerId: editing.bannerId, ...banner });
      else await post('/api/banner', banner);
      setNotice({ ok: true, text: MESSAGES.bannerSaved });
      setEditing(null);
      await mutate();
    } catch (error) {
      console.error('Saving the banner failed', error);
      setNotice({ ok: false, text: MESSAGES.bannerUpdateFailed });
      throw error;
    }
  }

  if (data === undefined) {
    return (
      <PageFrame trail={['admin']}>
        <CenteredLoader />
      </PageFrame>
    );
  }
  const typeName = (code: string) => data.bannerTypes.find((type) => type.bannerCode === code)?.name ?? code;

  return (
    <PageFrame trail={['admin']}>
      {notice && (
        <Alert
          role="status"
          color={notice.ok ? 'green' : 'red'}
          withCloseButton
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
      <Title order={2}>{editing ? 'Edit Banner' : 'Create Banner'}</Title>
      <BannerForm
        key={editing?.bannerId ?? 'new'}
        initial={editing ? bannerFormOf(editing) : emptyBannerForm()}
        bannerTypes={data.bannerTypes}
        editing={editing !== null}
        onSave={save}
        onCancel={() => setEditing(null)}
      />
      <Title order={2}>Banners</Title>
      {data.banners.length === 0 ? (
        <Text c="dimmed">No banner has been created yet.</Text>
      ) : (
        <ResponsiveTable
          label="Banners"
          rows={data.banners}
          rowKey={(banner) => banner.bannerId}
          columns={[
            { label: 'Message', render: (banner) => banner.bannerMessage },
            { label: 'Type', render: (banner) => typeName(banner.bannerType) },
            { label: 'Time to Live', render: (banner) => formatTimeToLive(banner.timeToLive) },
            { label: 'Activated', render: (banner) => formatUsDate(banner.activatedAt.slice(0, 10)) },
            {
              label: 'Status',
              render: (banner) => {
                const { label, color } = status(banner, now);
                return <Badge color={color}>{label}</Badge>;
              },
            },
          ]}
          actions={(banner) => (
            <>
              <Button size="xs" variant="light" onClick={() => setEditing(banner)}>
                Edit
              </Button>
              {banner.isActive && (
                <Button size="xs" variant="light" color="red" onClick={() => setDisabling(banner)}>
                  Disable
                </Button>
              )}
            </>
          )}
        />
      )}
      {disabling && (
        <ConfirmDialog
          title="Disable Banner"
          message={`Are you sure you want to disable the banner '${disabling.bannerMessage}'?`}
          confirmLabel="Disable"
          onConfirm={() => disable(disabling)}
          onClose={() => setDisabling(null)}
          failureText={() => MESSAGES.bannerDeleteFailed}
        />
      )}
    </PageFrame>
  );
}
