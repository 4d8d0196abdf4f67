// The embedded default's dashboard content (ARCHITECTURE.md, "dashboards"): one small page per
// demo dashboard, with the `.viewport` element the viewer's frame check looks for and an SVG
// chart. No script: the portal's Content-Security-Policy allows none inline.

type DemoChart = { title: string; vendor: string; bars: number[]; labels: string[] };

const MONTHS = ['Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov'];

/** RStudio (Posit Connect) demo content by /content/{name}/. */
export const DEMO_CONNECT_CONTENT: Record<string, DemoChart> = {
  'demo-sales-overview': {
    title: 'Sales Overview',
    vendor: 'Posit Connect',
    bars: [42, 55, 48, 61, 70, 66],
    labels: MONTHS,
  },
  'demo-operations-health': {
    title: 'Operations Health',
    vendor: 'Posit Connect',
    bars: [97, 95, 99, 92, 98, 99],
    labels: MONTHS,
  },
  'demo-portal-usage': {
    title: 'Portal Usage',
    vendor: 'Posit Connect',
    bars: [310, 280, 355, 402, 390, 415],
    labels: MONTHS,
  },
};
/** A demo content name that answers 503, to show how the viewer handles an unavailable dashboard. */
export const DEMO_UNAVAILABLE_CONTENT = 'demo-unavailable';

/** Tableau demo views by /t/{site}/views/{workbook}/{view}. */
export const DEMO_TABLEAU_VIEWS: Record<string, DemoChart> = {
  '/t/demo/views/PartnerSales/Overview': {
    title: 'Partner Sales Overview',
    vendor: 'Tableau',
    bars: [120, 132, 101, 134, 90, 150],
    labels: MONTHS,
  },
  '/t/demo/views/PartnerSales/Regions': {
    title: 'Regional Sales',
    vendor: 'Tableau',
    bars: [80, 64, 92, 71],
    labels: ['North', 'South', 'East', 'West'],
  },
};

export const DEMO_QUICKSIGHT_CHART: DemoChart = {
  title: 'QuickSight dashboard',
  vendor: 'Amazon QuickSight',
  bars: [12, 18, 15, 22, 19, 25],
  labels: MONTHS,
};
export const DEMO_THOUGHTSPOT_CHART: DemoChart = {
  title: 'ThoughtSpot liveboard',
  vendor: 'ThoughtSpot',
  bars: [5, 9, 7, 11, 13, 12],
  labels: MONTHS,
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function chartSvg({ bars, labels }: DemoChart): string {
  const max = Math.max(...bars, 1);
  const width = 60 * bars.length;
  const rects = bars
    .map((value, i) => {
      const height = Math.round((value / max) * 160);
      const x = i * 60 + 10;
      return `<rect x="${x}" y="${180 - height}" width="40" height="${height}" fill="#1c7ed6"><title>${value}</title></rect><text x="${x + 20}" y="198" text-anchor="middle" font-size="12">${escapeHtml(labels[i] ?? '')}</text>`;
    })
    .join('');
  return `<svg role="img" aria-label="Demo chart" viewBox="0 0 ${width} 200" width="100%" height="260">${rects}</svg>`;
}

export function demoDashboardPage(chart: DemoChart, subtitle: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(chart.title)} (demo)</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#212529}.viewport{padding:16px}h1{font-size:20px;margin:0 0 4px}p{color:#555;margin:0 0 12px}</style></head>
<body><main class="viewport"><h1>${escapeHtml(chart.title)}</h1><p>Demo content in the style of ${escapeHtml(chart.vendor)}: ${escapeHtml(subtitle)}</p>${chartSvg(chart)}</main></body></html>`;
}

export function demoMessagePage(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></body></html>`;
}
