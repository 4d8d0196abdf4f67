import type { PartnerInput } from '@portal/domain/admin/admin-partner';
import type { SavedAlert } from '@portal/domain/monitors/alert-queue';
import type { Partner, ReportMonitor } from './partners-api.js';

// The partner form's state and its conversions to and from what the API sends and takes.

export type SelectedCategory = { code: string; frequencyTypes: string[] };
export type PartnerFormState = { type: string; code: string; name: string; categories: SelectedCategory[] };

export const EMPTY_PARTNER: PartnerFormState = { type: '', code: '', name: '', categories: [] };

export function fromPartner(partner: Partner): PartnerFormState {
  return {
    type: partner.type,
    code: partner.code,
    name: partner.name,
    categories: partner.categories.map((c) => ({
      code: c.code,
      frequencyTypes: c.frequencyTypes.map((f) => f.code),
    })),
  };
}

export function toPartnerInput(state: PartnerFormState): PartnerInput {
  return {
    type: state.type,
    code: state.code,
    name: state.name,
    categories: state.categories.map((c) => ({
      code: c.code,
      frequencyTypes: c.frequencyTypes.map((code) => ({ code })),
    })),
  };
}

/** The partner's categories as the alert rules see them. */
export const categoryFrequencies = (state: PartnerFormState) =>
  state.categories.map((c) => ({ categoryCode: c.code, frequencyTypeCodes: c.frequencyTypes }));

export function toggleCategory(state: PartnerFormState, code: string, on: boolean): PartnerFormState {
  const others = state.categories.filter((c) => c.code !== code);
  return { ...state, categories: on ? [...others, { code, frequencyTypes: [] }] : others };
}

export function setFrequencyTypes(
  state: PartnerFormState,
  code: string,
  frequencyTypes: string[],
): PartnerFormState {
  return {
    ...state,
    categories: state.categories.map((c) => (c.code === code ? { ...c, frequencyTypes } : c)),
  };
}

export const savedAlerts = (monitors: readonly ReportMonitor[]): SavedAlert[] =>
  monitors.map((m) => ({
    reportMonitorId: m.reportMonitorId,
    categoryCode: m.categoryCode,
    frequencyTypeCode: m.frequencyTypeCode,
    frequencyDay: m.frequencyDay,
    frequencyNumber: m.frequencyNumber,
  }));
