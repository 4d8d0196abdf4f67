import { describe, expect, it } from 'vitest';
import { canAddDataset, expectedDatasetObjectKey, validateDatasetObjectKey } from './dataset.js';

const target = { accessTypeCode: 'EXT', partnerCode: 'BJS', categoryCode: 'SETTLEMENT' };

describe('dataset validation', () => {
  it('expects the report folder of the partner category', () => {
    expect(expectedDatasetObjectKey(target)).toBe('/Reports/EXT/BJS/SETTLEMENT/');
  });

  it('succeeds only on exactly that object key', () => {
    const ok = validateDatasetObjectKey('/Reports/EXT/BJS/SETTLEMENT/', target);
    expect(ok).toEqual({
      state: 'validated',
      message: 'Dataset validated',
      objectKey: '/Reports/EXT/BJS/SETTLEMENT/',
    });
    expect(canAddDataset(ok)).toBe(true);
    for (const objectKey of [
      '/Reports/EXT/SAM/SETTLEMENT/',
      'Reports/EXT/BJS/SETTLEMENT/',
      '/Reports/EXT/BJS/SETTLEMENT',
    ]) {
      const failed = validateDatasetObjectKey(objectKey, target);
      expect(failed).toEqual({
        state: 'failed',
        message: 'Invalid Object Key: expected /Reports/EXT/BJS/SETTLEMENT/',
      });
      expect(canAddDataset(failed)).toBe(false);
    }
  });

  it('takes the codes whatever their case, as the portal does, and keeps the key as stored', () => {
    for (const typed of [
      { ...target, partnerCode: 'bjs' },
      { accessTypeCode: 'ext', partnerCode: 'Bjs', categoryCode: 'settlement' },
    ]) {
      expect(validateDatasetObjectKey('/Reports/EXT/BJS/SETTLEMENT/', typed)).toEqual({
        state: 'validated',
        message: 'Dataset validated',
        objectKey: '/Reports/EXT/BJS/SETTLEMENT/',
      });
    }
    // The folder's root is a name of the store, written one way.
    expect(validateDatasetObjectKey('/REPORTS/EXT/BJS/SETTLEMENT/', target).state).toBe('failed');
    expect(validateDatasetObjectKey('/reports/EXT/BJS/SETTLEMENT/', target).state).toBe('failed');
  });

  it('says so when the dataset is missing', () => {
    expect(validateDatasetObjectKey(undefined, target)).toEqual({
      state: 'failed',
      message: 'Dataset not found',
    });
    expect(canAddDataset({ state: 'idle' })).toBe(false);
    expect(canAddDataset({ state: 'validating' })).toBe(false);
  });
});
