// The principals the scope rules' tests judge: a manager of BJS (EXT) holding the features named,
// and an internal administrator; and two partners as the rules name them.
import type { Principal } from '../access/permissions.js';

export const bjsManagerWith = (...features: string[]): Principal => ({
  isInternalAdmin: false,
  isExternalUser: false,
  features,
  partnerGrants: [{ accessTypeCode: 'EXT', partnerCode: 'BJS' }],
});
export const internalAdmin: Principal = {
  isInternalAdmin: true,
  isExternalUser: false,
  features: [],
  partnerGrants: [],
};
export const BJS = { accessTypeCode: 'EXT', partnerCode: 'BJS' };
export const WSI = { accessTypeCode: 'EXT', partnerCode: 'WSI' };
