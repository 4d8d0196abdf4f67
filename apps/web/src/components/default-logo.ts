// The logo a partner card shows when no logo was uploaded for the partner (SPEC.md §2).
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="80" viewBox="0 0 160 80">
<rect width="160" height="80" rx="8" fill="#e9ecef"/>
<path d="M62 58V30l18-10 18 10v28H86V44H74v14z" fill="#adb5bd"/>
</svg>`;

export const DEFAULT_PARTNER_LOGO = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
