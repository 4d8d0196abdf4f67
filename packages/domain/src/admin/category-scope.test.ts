import { describe, expect, it } from 'vitest';
import type { Principal } from '../access/permissions.js';
import { bjsManagerWith, internalAdmin } from '../test/principals.js';
import { categoryLinkRefusal, mayChangeCategory, PARTNERS_OUTSIDE_SCOPE } from './category-scope.js';

const bjsManager = bjsManagerWith('MANAGE_REPORT_CATEGORIES');
const admin = internalAdmin;
const bjs = { type: 'EXT', code: 'BJS' };
const wsi = { type: 'EXT', code: 'WSI' };
const ppx = { type: 'int', code: 'PPX' };

describe('the partners a manager links to a report category', () => {
  it('may be their own, however spelled', () => {
    expect(categoryLinkRefusal(bjsManager, [bjs])).toBeUndefined();
    expect(categoryLinkRefusal(bjsManager, [{ type: ' ext ', code: ' bjs ' }])).toBeUndefined();
    expect(categoryLinkRefusal(bjsManager, [])).toBeUndefined();
  });

  it('are refused when any is not theirs, naming each such partner as TYPE/code', () => {
    expect(categoryLinkRefusal(bjsManager, [bjs, wsi, ppx])).toBe(
      'You may not link partners you cannot access: EXT/WSI, INT/PPX.',
    );
    expect(categoryLinkRefusal(bjsManager, [{ type: ' ext', code: 'wsi ' }])).toBe(
      PARTNERS_OUTSIDE_SCOPE('EXT/wsi'),
    );
  });

  it('may be any for an internal admin', () => {
    expect(categoryLinkRefusal(admin, [bjs, wsi, ppx])).toBeUndefined();
  });
});

describe('changing a report category', () => {
  it.each<[string, Principal, (typeof bjs)[], boolean]>([
    ['of their partner only', bjsManager, [bjs], true],
    ['of no partner: holds no partner data', bjsManager, [], true],
    ['shared with another partner', bjsManager, [bjs, wsi], false],
    ['of another partner only', bjsManager, [wsi], false],
    ['shared, by an internal admin', admin, [bjs, wsi, ppx], true],
  ])('%s', (_, principal, partners, may) => {
    expect(mayChangeCategory(principal, { partners })).toBe(may);
  });
});
