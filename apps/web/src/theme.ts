import { type CSSVariablesResolver, createTheme, em } from '@mantine/core';
import { BREAKPOINTS_PX } from '@portal/domain';

const [xs, sm, md, lg, xl] = BREAKPOINTS_PX;

// SPEC.md §9 breakpoints: 368, 600, 768 (mobile is under md), 1200, 1920.
// WCAG 2.1 AA colours (checked by axe in e2e/accessibility.test.ts, not by eye): shade 8 of each
// colour for filled controls, links and light-variant text (blue 8 #1971c2 is 4.6:1 against white,
// Mantine's default shade 6 only 3.6:1); text on a filled control black or white by its luminance;
// dimmed text gray 7 (#495057, 8:1) instead of gray 6 (#868e96, 3.3:1). Transitions are skipped
// for users who ask for reduced motion.
export const theme = createTheme({
  breakpoints: { xs: em(xs), sm: em(sm), md: em(md), lg: em(lg), xl: em(xl) },
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  respectReducedMotion: true,
  components: {
    // An input's error is announced when it appears; Mantine already ties it to the input
    // (aria-invalid, aria-describedby).
    InputError: { defaultProps: { role: 'alert' } },
    // Mantine's close button is an icon alone: without a name a screen reader says only "button".
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Every select of the portal is a required choice: clicking the option already chosen keeps it,
    // rather than emptying the field and showing 'This field is required.' (Mantine's default).
    Select: { defaultProps: { allowDeselect: false } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    // Text of light-variant alerts and badges: shade 9, and dark text for yellow and orange, whose
    // every shade is under 4.5:1 on their light background.
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    // green 9 is 4.1:1 on its light background: a darker green.
    '--mantine-color-green-light-color': '#1b5e2a',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-8)',
    '--mantine-color-yellow-light-color': 'var(--mantine-color-dark-7)',
    '--mantine-color-orange-light-color': 'var(--mantine-color-dark-7)',
  },
  dark: {},
});
