import type { AdminPartner, AdminReportMonitor } from '@portal/db';

// A report monitor in the vocabulary of SPEC.md §3 (no database ids but the reportMonitorId the
// spec names), in replies and in the audit log; and a partner's categories as the alert rules see them.

export function monitorView(monitor: AdminReportMonitor) {
  return {
    reportMonitorId: monitor.reportMonitorId,
    accessTypeCode: monitor.accessTypeCode,
    partnerCode: monitor.partnerCode,
    partnerName: monitor.partnerName,
    categoryCode: monitor.categoryCode,
    categoryName: monitor.categoryName,
    frequencyTypeCode: monitor.frequencyTypeCode,
    frequencyDay: monitor.frequencyDay,
    frequencyNumber: monitor.frequencyNumber,
    ownerEmails: monitor.ownerEmails,
  };
}

/** What the audit log keeps of an alert. */
export const monitorAuditView = (m: AdminReportMonitor) => ({
  partner: `${m.accessTypeCode}/${m.partnerCode}`,
  categoryCode: m.categoryCode,
  frequencyTypeCode: m.frequencyTypeCode,
  frequencyDay: m.frequencyDay,
  frequencyNumber: m.frequencyNumber,
});

/** A partner's categories as the alert rules see them. */
export const categoryFrequencies = (partner: { categories: AdminPartner['categories'] }) =>
  partner.categories.map((c) => ({
    categoryCode: c.code,
    frequencyTypeCodes: c.frequencyTypes.map((f) => f.code),
  }));
