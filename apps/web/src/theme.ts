import { createTheme, em } from '@mantine/core';
import { BREAKPOINTS_PX } from '@portal/domain';

const [xs, sm, md, lg, xl] = BREAKPOINTS_PX;

// SPEC.md §9 breakpoints: 368, 600, 768 (mobile is under md), 1200, 1920.
export const theme = createTheme({
  breakpoints: { xs: em(xs), sm: em(sm), md: em(md), lg: em(lg), xl: em(xl) },
  primaryColor: 'blue',
});
