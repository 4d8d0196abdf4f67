/** Every marketing key kept in local storage starts with this (SPEC.md §2 login page, §9 popup). */
export const MARKETING_STORAGE_PREFIX = 'marketing';

/** The key remembering that a partner's mobile marketing popup was shown. */
export function marketingPopupKey(partnerCode: string): string {
  return `${MARKETING_STORAGE_PREFIX}Popup:${partnerCode}`;
}

export function clearMarketingKeys(storage: Storage = window.localStorage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(MARKETING_STORAGE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
