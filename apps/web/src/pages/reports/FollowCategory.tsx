import { Button, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

const FollowDialog = lazy(() => import('./FollowDialog.js'));

type Props = {
  accessTypeCode: string;
  partnerCode: string;
  categoryCode: string;
  categoryName: string;
  frequencyTypes: { code: string; name: string }[];
  /** Whether the user follows the category (the page's dates reply says it). */
  following: boolean;
  /** After a follow, a change or an unfollow: whether the user follows it now. */
  onFollowingChanged: (following: boolean) => void;
};

/**
 * Follow this category by mail (issue 28): the reports page carries only this button, which says
 * whether the user follows the category. The dialog, with its read of the user's subscription,
 * comes when first opened: the reports page's first load is budgeted in bytes (issue 24), and a read
 * there would add a reply to every visit.
 */
export function FollowCategory({ following, onFollowingChanged, ...props }: Props) {
  const [opened, setOpened] = useState(false);
  // Mounted from the first open on, so the dialog closes with its transition and hands focus back;
  // each opening is a new dialog, whose form starts from the subscription as it is then.
  const [openings, setOpenings] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <Button
        variant={following ? 'light' : 'default'}
        w="fit-content"
        aria-haspopup="dialog"
        // The mark is for the eye; the words say it to everyone.
        leftSection={following ? <span aria-hidden="true">✓</span> : undefined}
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpened(true);
        }}
      >
        {following ? 'Following by e-mail' : 'Follow by e-mail'}
      </Button>
      {notice && (
        <Text size="sm" role="status">
          {notice}
        </Text>
      )}
      {openings > 0 && (
        <Suspense fallback={null}>
          <FollowDialog
            key={openings}
            {...props}
            opened={opened}
            onClose={() => setOpened(false)}
            onChanged={(message, followingNow) => {
              setOpened(false);
              setNotice(message);
              onFollowingChanged(followingNow);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
