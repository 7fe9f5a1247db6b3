import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has a safe default for everything', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      secureCookies: false,
      smtpUrl: undefined,
      supportEmail: 'support@firemark.example',
      logLevel: 'info',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', SMTP_URL: '' })).toMatchObject({ port: 3000, smtpUrl: undefined });
  });

  it('names every bad variable and what it must be', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', SMTP_URL: 'mail.example.com', APP_URL: 'localhost', SESSION_SECRET: 'short' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT:');
    expect(message).toContain('SMTP_URL: must be an smtp:// or smtps:// URL');
    expect(message).toContain('APP_URL: must be an http:// or https:// URL');
    expect(() => loadConfig({ APP_URL: 'ftp://files.example.com' })).toThrow(ConfigError);
    expect(message).toContain('SESSION_SECRET: must be at least 32 characters');
  });

  it('refuses a Stripe key rather than run the test-mode provider beside it', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_live_123' })).toThrow(/STRIPE_SECRET_KEY: is set, but this version of Firemark bills in test mode only/);
    expect(loadConfig({ STRIPE_SECRET_KEY: '' })).toBeDefined();
  });

  it('uses secure cookies when APP_URL is https', () => {
    expect(loadConfig({ APP_URL: 'https://fire.example.com/' })).toMatchObject({
      secureCookies: true,
      appUrl: 'https://fire.example.com',
      appOrigin: 'https://fire.example.com',
    });
  });

  it('reads ALLOWED_ORIGINS as a list of origins', () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(loadConfig({ ALLOWED_ORIGINS: ' http://localhost:5173 , https://Admin.Example.com/,' }).allowedOrigins).toEqual([
      'http://localhost:5173',
      'https://admin.example.com',
    ]);
  });

  it('refuses an ALLOWED_ORIGINS entry that is not an http(s) origin, naming it', () => {
    for (const bad of ['https://fire.example.com/app', 'fire.example.com', 'ftp://fire.example.com', 'https://fire.example.com?x=1']) {
      expect(() => loadConfig({ ALLOWED_ORIGINS: `http://localhost:5173,${bad}` })).toThrow(`ALLOWED_ORIGINS: "${bad}" is not an origin`);
    }
  });
});
