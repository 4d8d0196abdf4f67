import { describe, expect, it } from 'vitest';
import type { Principal } from '../access/permissions.js';
import { BJS, bjsManagerWith, internalAdmin, WSI } from '../test/principals.js';
import { endpointDecision, mayManageEndpoint } from './webhook-scope.js';

const bjsManager = bjsManagerWith('MANAGE_WEBHOOKS');
const admin = internalAdmin;
const bjs = BJS;
const wsi = WSI;

describe('a webhook endpoint', () => {
  it.each<[string, Principal, (typeof bjs)[], boolean]>([
    ["of the manager's partner", bjsManager, [bjs], true],
    ['shared with another partner', bjsManager, [bjs, wsi], false],
    ['of another partner', bjsManager, [wsi], false],
    ['with no partner left: no manager’s', bjsManager, [], false],
    ['with no partner, for an internal admin', admin, [], true],
    ['of any partners, for an internal admin', admin, [wsi], true],
  ])('%s', (_, principal, partners, may) => {
    expect(mayManageEndpoint(principal, { partners })).toBe(may);
  });

  it('named by id is not found (404) before it is refused (403)', () => {
    expect(endpointDecision(bjsManager, undefined)).toBe('not-found');
    expect(endpointDecision(admin, undefined)).toBe('not-found');
    expect(endpointDecision(bjsManager, { partners: [wsi] })).toBe('forbidden');
    expect(endpointDecision(bjsManager, { partners: [] })).toBe('forbidden');
    expect(endpointDecision(bjsManager, { partners: [bjs] })).toBe('allow');
    expect(endpointDecision(admin, { partners: [] })).toBe('allow');
  });
});
