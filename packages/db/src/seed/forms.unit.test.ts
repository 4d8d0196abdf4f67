import { describe, expect, it } from 'vitest';
import { demoRetailer } from './forms.js';

// The demo disputes belong to the retailer the portal serves (FORMS_RETAILER, default bjs).
describe('demoRetailer', () => {
  it('is FORMS_RETAILER, or bjs when it is unset or empty', () => {
    expect(demoRetailer({ FORMS_RETAILER: 'acme-west' })).toBe('acme-west');
    expect(demoRetailer({})).toBe('bjs');
    expect(demoRetailer({ FORMS_RETAILER: '' })).toBe('bjs');
  });

  it('refuses a value the API would refuse, naming the variable', () => {
    expect(() => demoRetailer({ FORMS_RETAILER: 'ACME' })).toThrow(/^FORMS_RETAILER: 'ACME'/);
    expect(() => demoRetailer({ FORMS_RETAILER: 'acme/../x' })).toThrow(/FORMS_RETAILER/);
  });
});
