import { Anchor, type AnchorProps } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';

// SPEC.md §5 and §8: leaving the portal for another host asks first ('Warning!' modal). The modal
// lives in <ExternalLinkGuard> (mounted once by the app layout), which also catches clicks on any
// plain <a href> to another host. Use <ExternalLink> for a link written in code, and
// useExternalLink() to leave from code (a button, a redirect).

export type ExternalLinkContextValue = {
  /** Shows the warning for `href`; Continue opens it. */
  confirmLeave: (href: string) => void;
};

export const ExternalLinkContext = createContext<ExternalLinkContextValue | null>(null);

/** Leaves the portal for `href` after the warning. Needs <ExternalLinkGuard> above. */
export function useExternalLink(): (href: string) => void {
  const context = useContext(ExternalLinkContext);
  if (context === null) throw new Error('useExternalLink is used outside <ExternalLinkGuard>');
  return context.confirmLeave;
}

type ExternalLinkProps = AnchorProps & { href: string; children: ReactNode };

/** A link to another host. The guard shows the warning before it opens (in a new tab). */
export function ExternalLink({ href, children, ...props }: ExternalLinkProps) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
    </Anchor>
  );
}
