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
      databasePoolSize: 10,
    });
  });

  it('reads DATABASE_POOL_SIZE as a number of connections and refuses one out of range', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '20' }).databasePoolSize).toBe(20);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow('DATABASE_POOL_SIZE: must be a number of connections, e.g. 10');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow('DATABASE_POOL_SIZE: must be at least 2');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '500' })).toThrow('DATABASE_POOL_SIZE: must be at most 100');
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

  describe('billing', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_51Abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc',
      STRIPE_PRICE_ID: 'price_1ProMonthly',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      return '';
    };

    it('bills in the built-in test mode without Stripe keys, and not at all with BILLING=off', () => {
      expect(loadConfig({}).billing).toEqual({ provider: 'test' });
      expect(loadConfig({ BILLING: 'off' }).billing).toEqual({ provider: 'off' });
      expect(problems({ BILLING: 'no' })).toContain('BILLING: must be on or off');
    });

    it('takes Stripe test keys and live keys, and says which', () => {
      expect(loadConfig(stripe).billing).toEqual({
        provider: 'stripe',
        secretKey: 'sk_test_51Abc',
        publishableKey: 'pk_test_51Abc',
        priceId: 'price_1ProMonthly',
        webhookSecret: 'whsec_abc123',
        testKeys: true,
      });
      const live = loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'sk_live_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc' }).billing;
      expect(live).toMatchObject({ provider: 'stripe', testKeys: false });
      expect(loadConfig({ ...stripe, STRIPE_SECRET_KEY: 'rk_live_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc' }).billing).toMatchObject({ testKeys: false });
    });

    it('names each missing Stripe variable', () => {
      const message = problems({ STRIPE_SECRET_KEY: 'sk_test_51Abc' });
      expect(message).toContain('STRIPE_PUBLISHABLE_KEY: is missing');
      expect(message).toContain('STRIPE_PRICE_ID: is missing');
      expect(message).toContain('STRIPE_WEBHOOK_SECRET: is missing');
      expect(message).not.toContain('STRIPE_SECRET_KEY:');
      for (const name of Object.keys(stripe)) {
        const { [name]: _, ...rest } = stripe as Record<string, string>;
        const alone = problems(rest);
        expect(alone).toContain(`${name}: is missing`);
        expect(alone.match(/is missing/g)).toHaveLength(1);
      }
    });

    it('refuses a value that is not what Stripe gives, and keys from two modes', () => {
      expect(problems({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_51Abc' })).toContain('STRIPE_SECRET_KEY: must be a Stripe secret key');
      expect(problems({ ...stripe, STRIPE_PRICE_ID: 'prod_123' })).toContain('STRIPE_PRICE_ID: must be the id of a Stripe price');
      expect(problems({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toContain('STRIPE_WEBHOOK_SECRET: must be a webhook signing secret');
      expect(problems({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc' })).toContain(
        'STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test key',
      );
    });

    it('refuses Stripe keys beside BILLING=off, and reads STRIPE_API_URL', () => {
      expect(problems({ ...stripe, BILLING: 'off' })).toContain('STRIPE_SECRET_KEY: is set, but BILLING is off');
      expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).billing).toMatchObject({
        api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      });
      expect(problems({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toContain('STRIPE_API_URL: is set without the Stripe keys');
    });
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
