import type { EnvironmentContext, HumanVerificationResult } from '@portal/domain/api/human-verification';
import { api } from '../../api/api.js';

// SPEC.md §5: before an external user's download, an invisible human-verification check runs;
// its response is posted to /api/validate-recaptcha and the download goes ahead only on success.
// A missing site key or a failed check is only logged. ALTCHA (the default) solves a
// proof-of-work challenge in the browser with no visible widget; reCAPTCHA uses the invisible v2
// widget.

/** How long the widget may take to be defined and mounted before the check counts as failed. */
const ALTCHA_LOAD_MS = 5_000;

/**
 * The widget without its bundled stylesheet and workers ('altcha/external'), and the one worker
 * the portal's challenges need (SHA-256, see the API's human-verification.ts), served as a file of
 * its own (worker-src 'self'). The widget stays hidden, so it needs no styles.
 */
async function loadAltcha(): Promise<void> {
  const [, { default: ShaWorker }] = await Promise.all([
    import('altcha/external'),
    import('altcha/workers/sha?worker'),
  ]);
  globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());
}

async function altchaResponse(challengeUrl: string): Promise<string | null> {
  await loadAltcha();
  const widget = document.createElement('altcha-widget');
  // ALTCHA 3: `challenge` (the URL it fetches, or the challenge itself) replaces `challengeurl`.
  widget.setAttribute('challenge', challengeUrl);
  widget.setAttribute('auto', 'off');
  widget.setAttribute('display', 'invisible');
  // No artificial delay (500 ms by default, for the look of a visible widget), and no Human
  // Interaction Signature (pointer and scroll events, sent only when ALTCHA Sentinel asks for them).
  widget.setAttribute('configuration', JSON.stringify({ minDuration: 0, humanInteractionSignature: false }));
  widget.style.display = 'none';
  widget.dataset.testid = 'altcha';
  // The element has its methods once mounted, a moment after it is attached; it then says 'load'.
  const loaded = new Promise<boolean>((resolve) => {
    widget.addEventListener('load', () => resolve(true), { once: true });
    setTimeout(() => resolve(false), ALTCHA_LOAD_MS);
  });
  document.body.append(widget);
  try {
    if (!(await loaded)) throw new Error('The ALTCHA widget did not load');
    // Fetches a challenge, solves it in web workers; null when that failed or expired.
    const result = await widget.verify();
    return result?.payload ?? null;
  } finally {
    widget.remove();
  }
}

type Grecaptcha = {
  ready(callback: () => void): void;
  render(
    element: HTMLElement,
    options: { sitekey: string; size: 'invisible'; callback: (token: string) => void },
  ): number;
  execute(widgetId: number): void;
};

function loadRecaptcha(): Promise<Grecaptcha> {
  const existing = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://www.google.com/recaptcha/api.js?render=explicit';
    script.async = true;
    script.onerror = () => reject(new Error('reCAPTCHA could not be loaded'));
    script.onload = () => {
      const loaded = (window as unknown as { grecaptcha: Grecaptcha }).grecaptcha;
      loaded.ready(() => resolve(loaded));
    };
    document.head.append(script);
  });
}

async function recaptchaResponse(siteKey: string): Promise<string> {
  const grecaptcha = await loadRecaptcha();
  const holder = document.createElement('div');
  document.body.append(holder);
  try {
    return await new Promise<string>((resolve) => {
      const id = grecaptcha.render(holder, { sitekey: siteKey, size: 'invisible', callback: resolve });
      grecaptcha.execute(id);
    });
  } finally {
    holder.remove();
  }
}

/** Runs the check and has the server record it; true when the download may go ahead. */
export async function verifyHuman(): Promise<boolean> {
  try {
    const context = await api.get<EnvironmentContext>('/api/environment-context');
    let response: string | null = null;
    if (context.humanVerification === 'altcha' && context.altchaChallengeUrl) {
      response = await altchaResponse(context.altchaChallengeUrl);
    } else if (context.googleRecaptchaPublicKey) {
      response = await recaptchaResponse(context.googleRecaptchaPublicKey);
    } else {
      console.warn('Human verification: no site key is configured');
      return false;
    }
    if (!response) {
      console.warn('Human verification: no response');
      return false;
    }
    const { success } = await api.post<HumanVerificationResult>('/api/validate-recaptcha', { response });
    if (!success) console.warn('Human verification: the response was not accepted');
    return success;
  } catch (error) {
    console.warn('Human verification failed', error);
    return false;
  }
}
