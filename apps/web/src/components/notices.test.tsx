import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.js';
import { Notices, showNotice } from './notices.js';

describe('notices', () => {
  it('load nothing until the first notice, which then shows', async () => {
    renderWithProviders(<Notices />);
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    await showNotice({ title: 'Session expired', message: 'Please refresh the page.', autoClose: false });
    expect(await screen.findByText('Session expired')).toBeTruthy();
    expect(screen.getByText('Please refresh the page.')).toBeTruthy();
  });
});
