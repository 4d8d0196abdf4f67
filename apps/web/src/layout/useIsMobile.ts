import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@portal/domain';

/** SPEC.md §9: mobile is under 768 px. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${em(MOBILE_BREAKPOINT_PX - 0.02)})`, false, {
    getInitialValueInEffect: false,
  });
}
