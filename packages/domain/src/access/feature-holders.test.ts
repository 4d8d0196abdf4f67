import { describe, expect, it } from 'vitest';
import {
  FEATURE_NOT_FOR_HOLDER,
  featureHolderOf,
  holdableFeatures,
  mayHoldFeature,
  refusedFeatures,
} from './feature-holders.js';

describe('who may hold a feature', () => {
  it('keeps the administration of partners, categories and dashboards from external users', () => {
    for (const feature of [
      'MANAGE_PARTNERS',
      'MANAGE_REPORT_CATEGORIES',
      'MANAGE_DASHBOARDS',
      'INTERNAL_ADMIN',
    ]) {
      expect(mayHoldFeature('external-user', feature), feature).toBe(false);
    }
  });

  it('lets an external user manage marketing content and external users of their partners', () => {
    expect(mayHoldFeature('external-user', 'MANAGE_MARKETING_CONTENT')).toBe(true);
    expect(mayHoldFeature('external-user', 'MANAGE_EXTERNAL_USERS')).toBe(true);
    expect(mayHoldFeature('external-user', 'VIEW_REPORTS')).toBe(true);
  });

  it('lets service accounts hold every MANAGE_ feature but never INTERNAL_ADMIN', () => {
    expect(mayHoldFeature('service-account', 'MANAGE_DASHBOARDS')).toBe(true);
    expect(mayHoldFeature('service-account', 'INTERNAL_ADMIN')).toBe(false);
    expect(holdableFeatures('service-account')).not.toContain('INTERNAL_ADMIN');
  });

  it('lets internal users hold every assignable feature, and nobody the pseudo-features', () => {
    expect(holdableFeatures('internal-user')).toContain('INTERNAL_ADMIN');
    expect(mayHoldFeature('internal-user', 'NO_FEATURE_REQUIRED')).toBe(false);
    expect(mayHoldFeature('internal-user', 'NOT_A_FEATURE')).toBe(false);
  });

  it('names the refused features in the order given', () => {
    expect(
      refusedFeatures('external-user', ['VIEW_REPORTS', 'MANAGE_DASHBOARDS', 'MANAGE_PARTNERS']),
    ).toEqual(['MANAGE_DASHBOARDS', 'MANAGE_PARTNERS']);
  });

  it('treats an account of unknown kind as external', () => {
    expect(featureHolderOf({ isExternalUser: null, isServiceAccount: false })).toBe('external-user');
    expect(featureHolderOf({ isExternalUser: false, isServiceAccount: false })).toBe('internal-user');
    expect(featureHolderOf({ isExternalUser: false, isServiceAccount: true })).toBe('service-account');
  });

  it('names each kind of account in its refusal, and a service account even when marked internal (issue 26)', () => {
    expect(FEATURE_NOT_FOR_HOLDER['external-user']('X')).toBe(
      'The X feature cannot be given to an external user.',
    );
    expect(FEATURE_NOT_FOR_HOLDER['service-account']('X')).toBe(
      'The X feature cannot be given to a service account.',
    );
    expect(featureHolderOf({ isExternalUser: false, isServiceAccount: true })).toBe('service-account');
    expect(featureHolderOf({ isExternalUser: true, isServiceAccount: false })).toBe('external-user');
    expect(featureHolderOf({ isExternalUser: false, isServiceAccount: false })).toBe('internal-user');
    expect(mayHoldFeature('service-account', 'MANAGE_PARTNERS')).toBe(true);
    expect(mayHoldFeature('external-user', 'VIEW_REPORTS')).toBe(true);
    expect(mayHoldFeature('internal-user', 'NOT_A_FEATURE')).toBe(false);
  });
});
