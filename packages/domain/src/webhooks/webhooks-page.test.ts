import { describe, expect, it } from 'vitest';
import type { Principal } from '../access/permissions.js';
import { BJS, bjsManagerWith, internalAdmin, WSI } from '../test/principals.js';
import { refusedAddressView, webhooksPageScope } from './webhooks-page.js';

const bjsManager = bjsManagerWith('MANAGE_WEBHOOKS');
const admin = internalAdmin;
const bjs = BJS;
const wsi = WSI;

const offered = {
  endpoints: [
    { id: 'own', partners: [bjs] },
    { id: 'shared', partners: [bjs, wsi] },
    { id: 'orphan', partners: [] },
  ],
  serviceAccounts: [
    { id: 'bjs-feed', partnerGrants: [bjs], disabledAt: null },
    { id: 'bjs-disabled', partnerGrants: [bjs], disabledAt: new Date('2026-01-01T00:00:00Z') },
    { id: 'both-feed', partnerGrants: [bjs, wsi], disabledAt: null },
    { id: 'no-partner', partnerGrants: [], disabledAt: null },
  ],
  partners: [
    { ...bjs, partnerName: "BJ's" },
    { ...wsi, partnerName: 'WSI' },
    { accessTypeCode: 'ext', partnerCode: 'bjs', partnerName: 'lower case' },
  ],
};
const ids = (list: readonly { id: string }[]) => list.map((x) => x.id);

describe('the Webhooks page', () => {
  it('offers a manager their endpoints, enabled service accounts of their partners only, and their partners', () => {
    const page = webhooksPageScope(bjsManager, offered);
    expect(ids(page.endpoints)).toEqual(['own']);
    expect(ids(page.serviceAccounts)).toEqual(['bjs-feed']);
    expect(page.partners.map((p) => p.partnerName)).toEqual(["BJ's", 'lower case']);
  });

  it('offers an internal admin everything but the disabled service accounts', () => {
    const page = webhooksPageScope(admin, offered);
    expect(ids(page.endpoints)).toEqual(['own', 'shared', 'orphan']);
    expect(ids(page.serviceAccounts)).toEqual(['bjs-feed', 'both-feed', 'no-partner']);
    expect(page.partners).toEqual(offered.partners);
  });

  it('offers someone with no partner nothing', () => {
    const none: Principal = { ...bjsManager, partnerGrants: [] };
    expect(webhooksPageScope(none, offered)).toEqual({ endpoints: [], serviceAccounts: [], partners: [] });
  });
});

describe('the address a refused attempt resolved to', () => {
  it('is shown to an internal admin only, and only when there is one', () => {
    expect(refusedAddressView(admin, '10.0.0.5')).toEqual({ refusedAddress: '10.0.0.5' });
    expect(refusedAddressView(admin, null)).toEqual({});
    expect(refusedAddressView(bjsManager, '10.0.0.5')).toEqual({});
    expect(refusedAddressView(bjsManager, null)).toEqual({});
  });
});
