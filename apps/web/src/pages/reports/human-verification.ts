import type { EnvironmentContext, HumanVerificationResult } from '@portal/domain/api/human-verification';
import { api } from '../../api/api.js';

// SPEC.md §5: before an external user's download, an invisible human-verification check runs;
// its response is posted to /api/validate-recaptcha and the download goes ahead only on success.
// A missing site key or a failed check is only logged. ALTCHA (the default) solves a
// proof-of-work challenge in the browser with no visible widget; reCAPTCHA uses the invisible v2
// widget.

type AltchaElement = HTMLElement & { verify(): Promise<void> };

async function altchaResponse(challengeUrl: string): Promise<string | null> {
  await import('altcha');
  const widget = document.createElement('altcha-widget') as AltchaElement;
  widget.setAttribute('challengeurl', challengeUrl);
  widget.setAttribute('auto', 'off');
  widget.setAttribute('hidefooter', '');
  widget.setAttribute('hidelogo', '');
  widget.style.display = 'none';
  widget.dataset.testid = 'altcha';
  const verified = new Promise<string | null>((resolve) => {
    widget.addEventListener('statechange', (event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (state === 'verified') resolve(payload ?? null);
      if (state === 'error' || state === 'expired') resolve(null);
    });
  });
  document.body.append(widget);
  try {
    // The element gets its methods once upgraded and mounted, a moment after it is attached.
    await customElements.whenDefined('altcha-widget');
    for (let i = 0; i < 100 && typeof widget.verify !== 'function'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await widget.verify();
    return await verified;
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
