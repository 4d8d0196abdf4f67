import * as client from 'openid-client';
import type { OidcProviderSettings } from './oidc-providers.js';

/**
 * The configured OpenID providers and their discovered metadata. Discovery happens on first use
 * and is kept; a failed discovery is forgotten so the next sign-in tries again.
 */
export class OidcClients {
  private readonly configurations = new Map<string, Promise<client.Configuration>>();

  constructor(
    readonly providers: readonly OidcProviderSettings[],
    /** Plain-http issuers (the local dev-sso) are allowed only outside production. */
    private readonly allowHttp: boolean,
  ) {}

  provider(name: string): OidcProviderSettings | undefined {
    return this.providers.find((p) => p.name === name);
  }

  configuration(provider: OidcProviderSettings): Promise<client.Configuration> {
    const cached = this.configurations.get(provider.name);
    if (cached) return cached;
    const insecure = this.allowHttp && provider.issuer.startsWith('http://');
    const discovered = client.discovery(
      new URL(provider.issuer),
      provider.clientId,
      provider.clientSecret,
      undefined,
      { execute: insecure ? [client.allowInsecureRequests] : [], timeout: 10 },
    );
    this.configurations.set(provider.name, discovered);
    discovered.catch(() => this.configurations.delete(provider.name));
    return discovered;
  }
}
