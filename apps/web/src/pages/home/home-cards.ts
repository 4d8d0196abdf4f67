import { isAllowed, PAGES, type PageName, type Principal } from '@portal/domain';

export type HomeCard = { title: string; description: string; page: PageName; path: string };

const CARDS: (Omit<HomeCard, 'path'> & { desktopOnly?: boolean })[] = [
  { title: 'Dashboards', description: 'Open the dashboards of your partners.', page: 'dashboardPartners' },
  {
    title: 'Reports',
    description: 'View and download reports by partner and category.',
    page: 'partners',
    desktopOnly: true,
  },
  { title: 'FAQs', description: 'Answers to frequently asked questions.', page: 'faqs' },
  {
    title: 'Report an Issue',
    description: 'Tell us about a problem or ask for access.',
    page: 'reportAnIssue',
  },
];

/** SPEC.md §1: the Reports card is hidden on mobile and for users without report access. */
export function homeCards(principal: Principal, { isMobile }: { isMobile: boolean }): HomeCard[] {
  return CARDS.filter(
    (card) => !(isMobile && card.desktopOnly) && isAllowed(principal, { feature: PAGES[card.page].feature }),
  ).map(({ title, description, page }) => ({ title, description, page, path: PAGES[page].path }));
}
