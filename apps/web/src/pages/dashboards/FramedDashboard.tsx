import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';

type FramedDashboardProps = {
  src: string;
  title: string;
  /** Called with each load of the frame, with a signal that ends when the frame goes. */
  onFrameLoad: (frame: HTMLIFrameElement, signal: AbortSignal) => void;
  hidden?: boolean;
  height?: number | string;
};

/** A same-origin dashboard frame (RStudio content, the demo QuickSight page). */
export function FramedDashboard({
  src,
  title,
  onFrameLoad,
  hidden = false,
  height = '80vh',
}: FramedDashboardProps) {
  const ref = useRef<HTMLIFrameElement>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);
  return (
    <Box style={{ visibility: hidden ? 'hidden' : 'visible' }}>
      <iframe
        ref={ref}
        src={src}
        title={title}
        style={{ width: '100%', height, border: 'none' }}
        onLoad={() => {
          if (!ref.current) return;
          controller.current?.abort();
          controller.current = new AbortController();
          onFrameLoad(ref.current, controller.current.signal);
        }}
      />
    </Box>
  );
}
