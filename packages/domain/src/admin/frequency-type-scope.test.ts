import { describe, expect, it } from 'vitest';
import type { Principal } from '../access/permissions.js';
import { BJS, bjsManagerWith, internalAdmin, WSI } from '../test/principals.js';
import { frequencyTypeScopeReadsPartners, mayChangeFrequencyType } from './frequency-type-scope.js';

const bjsManager = bjsManagerWith('MANAGE_FREQUENCY_TYPES');
const admin = internalAdmin;
const bjs = BJS;
const wsi = WSI;

describe('changing a frequency type', () => {
  it.each<[string, Principal, (typeof bjs)[], boolean]>([
    ['received by their partner only', bjsManager, [bjs], true],
    ['received by no partner', bjsManager, [], true],
    ['received by another partner too', bjsManager, [bjs, wsi], false],
    ['received by another partner only', bjsManager, [wsi], false],
    ['by an internal admin, whoever receives it', admin, [bjs, wsi], true],
  ])('%s', (_, principal, partners, may) => {
    expect(mayChangeFrequencyType(principal, partners)).toBe(may);
  });

  it('reads who receives it only for a manager', () => {
    expect(frequencyTypeScopeReadsPartners(bjsManager)).toBe(true);
    expect(frequencyTypeScopeReadsPartners(admin)).toBe(false);
  });
});
