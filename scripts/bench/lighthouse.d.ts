// The part of Lighthouse's programmatic API the lighthouse bench uses (its JSDoc types are not
// published for TypeScript consumers).
declare module 'lighthouse' {
  export type Flags = {
    port?: number;
    output?: 'json' | 'html' | 'csv';
    logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'verbose';
    onlyCategories?: string[];
    extraHeaders?: Record<string, string>;
    formFactor?: 'mobile' | 'desktop';
    throttlingMethod?: 'simulate' | 'devtools' | 'provided';
  };
  export type AuditResult = {
    id: string;
    title: string;
    score: number | null;
    scoreDisplayMode: string;
    numericValue?: number;
    displayValue?: string;
    details?: { type: string; items?: Array<Record<string, unknown>> };
  };
  export type Result = {
    lighthouseVersion: string;
    finalDisplayedUrl: string;
    runtimeError?: { code: string; message: string };
    runWarnings: string[];
    environment: { benchmarkIndex: number; hostUserAgent: string };
    categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
    audits: Record<string, AuditResult>;
  };
  export default function lighthouse(url: string, flags?: Flags): Promise<{ lhr: Result } | undefined>;
}
