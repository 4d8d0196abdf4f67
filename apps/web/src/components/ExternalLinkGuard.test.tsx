import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.js';
import { ExternalLink } from './ExternalLink.js';
import { ExternalLinkGuard, leavePortal } from './ExternalLinkGuard.js';

const warningText = (link: string) =>
  `You are about to leave the portal. Are you sure you would like to continue to ${link}?`;

describe('external link warning', () => {
  it('asks before leaving for another host, and Continue opens the link', async () => {
    const open = vi.spyOn(leavePortal, 'open').mockImplementation(() => {});
    renderWithProviders(
      <ExternalLinkGuard>
        <ExternalLink href="https://www.example.org/help">Help</ExternalLink>
      </ExternalLinkGuard>,
    );
    fireEvent.click(screen.getByText('Help'));
    expect(await screen.findByText('Warning!')).toBeTruthy();
    expect(screen.getByText(warningText('https://www.example.org/help'))).toBeTruthy();
    expect(open).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(open).toHaveBeenCalledWith('https://www.example.org/help');
    await waitFor(() => expect(screen.queryByText(warningText('https://www.example.org/help'))).toBeNull());
  });

  it('catches plain anchors too, and Cancel stays', async () => {
    const open = vi.spyOn(leavePortal, 'open').mockImplementation(() => {});
    renderWithProviders(
      <ExternalLinkGuard>
        <p>
          Read <a href="http://partner.example.net/terms">the terms</a>
        </p>
      </ExternalLinkGuard>,
    );
    fireEvent.click(screen.getByText('the terms'));
    expect(await screen.findByText(warningText('http://partner.example.net/terms'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(open).not.toHaveBeenCalled();
  });

  it('lets links within the portal through', () => {
    // The link's own handler stops jsdom, which cannot navigate.
    renderWithProviders(
      <ExternalLinkGuard>
        <a href="/faqs" onClick={(event) => event.preventDefault()}>
          FAQs
        </a>
      </ExternalLinkGuard>,
    );
    fireEvent.click(screen.getByText('FAQs'));
    expect(screen.queryByText('Warning!')).toBeNull();
  });
});
