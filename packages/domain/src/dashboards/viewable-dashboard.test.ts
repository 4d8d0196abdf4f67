import { describe, expect, it } from 'vitest';
import type { Principal } from '../access/permissions.js';
import type { DashboardType } from './dashboard-type.js';
import { vendorUsername, viewableDashboardDecision } from './viewable-dashboard.js';

const bjsViewer: Principal = {
  isInternalAdmin: false,
  isExternalUser: true,
  features: ['VIEW_REPORTS'],
  partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
};
const tsViewer: Principal = { ...bjsViewer, features: ['VIEW_TS_DASHBOARDS'] };
const ofType = (dashboardType: string, code = 'BJS') => ({ dashboardType, partner: { type: 'EXT', code } });

describe('a dashboard id sent to a viewer', () => {
  it.each<[string, Principal, ReturnType<typeof ofType> | undefined, DashboardType | undefined, string]>([
    ['none', bjsViewer, undefined, undefined, 'not-found'],
    ['none, for a vendor', bjsViewer, undefined, 'TABLEAU', 'not-found'],
    ["of the viewer's partner", bjsViewer, ofType('TABLEAU'), undefined, 'allow'],
    ["of the viewer's partner, for its vendor", bjsViewer, ofType('TABLEAU'), 'TABLEAU', 'allow'],
    ["of the viewer's partner, for another vendor", bjsViewer, ofType('TABLEAU'), 'QUICKSIGHT', 'not-found'],
    ['of another partner', bjsViewer, ofType('TABLEAU', 'WSI'), undefined, 'forbidden'],
    [
      'of another partner, for another vendor: refused first',
      bjsViewer,
      ofType('TABLEAU', 'WSI'),
      'QUICKSIGHT',
      'forbidden',
    ],
    ['ThoughtSpot without VIEW_TS_DASHBOARDS', bjsViewer, ofType('THOUGHTSPOT'), undefined, 'forbidden'],
    ['ThoughtSpot with VIEW_TS_DASHBOARDS', tsViewer, ofType('THOUGHTSPOT'), undefined, 'allow'],
  ])('%s', (_, principal, dashboard, type, decision) => {
    expect(viewableDashboardDecision(principal, dashboard, type)).toBe(decision);
  });
});

describe('the name a vendor knows the user by', () => {
  const user = { userId: 'u-1', email: 'ann@bjs.example' };
  it('is the e-mail when the vendor says so and there is one, else the user id', () => {
    expect(vendorUsername(user, 'email')).toBe('ann@bjs.example');
    expect(vendorUsername(user, 'userId')).toBe('u-1');
    expect(vendorUsername({ ...user, email: '' }, 'email')).toBe('u-1');
    expect(vendorUsername({ ...user, email: '' }, 'userId')).toBe('u-1');
  });
});
