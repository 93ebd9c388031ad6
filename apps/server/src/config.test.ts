import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';
import { DEVELOPMENT_DATA_KEY } from './db/encryption.ts';

const KEY_1 = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
const KEY_2 = `k2:${Buffer.alloc(32, 2).toString('base64')}`;

describe('configuration from the environment', () => {
  it('runs with no variables at all: port 3000, embedded database under ./data, demo seed on', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.join(REPO_ROOT, 'data'),
      appUrl: 'http://localhost:3000',
      logLevel: 'info',
      seed: true,
      webDistDir: path.join(REPO_ROOT, 'apps/web/dist'),
      redisUrl: undefined,
      trustProxy: 0,
      smtpUrl: undefined,
      mailFrom: 'Ztart Tips <no-reply@localhost>',
      smsWebhookUrl: undefined,
      cardSettlementDelayMs: 4_000,
      settlementPollMs: 500,
    });
  });

  it('settles sandbox card operations after CARD_SETTLEMENT_DELAY_MS, polled every SETTLEMENT_POLL_MS (0: off)', () => {
    expect(loadConfig({ CARD_SETTLEMENT_DELAY_MS: '0', SETTLEMENT_POLL_MS: '250' })).toMatchObject({
      cardSettlementDelayMs: 0,
      settlementPollMs: 250,
    });
    expect(loadConfig({ SETTLEMENT_POLL_MS: '0' }).settlementPollMs).toBe(0);
    expect(() => loadConfig({ CARD_SETTLEMENT_DELAY_MS: '-1' })).toThrow(/CARD_SETTLEMENT_DELAY_MS/);
    expect(() => loadConfig({ SETTLEMENT_POLL_MS: '0.5' })).toThrow(/SETTLEMENT_POLL_MS/);
  });

  it('opens /metrics only with a METRICS_TOKEN of 16 characters or more; checks the ledger every INVARIANT_CHECK_MS', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, invariantCheckMs: 60_000 });
    expect(loadConfig({ METRICS_TOKEN: 'sixteen-chars-ok', INVARIANT_CHECK_MS: '0' })).toMatchObject({
      metricsToken: 'sixteen-chars-ok',
      invariantCheckMs: 0,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });

  it('sends mail by SMTP and SMS by webhook only when told where, from an address on APP_URL', () => {
    const config = loadConfig({
      APP_URL: 'https://tips.example.com',
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      SMS_WEBHOOK_URL: 'https://sms.example.com/send',
    });

    expect(config).toMatchObject({
      smtpUrl: 'smtps://mailer:secret@smtp.example.com:465',
      mailFrom: 'Ztart Tips <no-reply@tips.example.com>',
      smsWebhookUrl: 'https://sms.example.com/send',
    });
    expect(loadConfig({ MAIL_FROM: 'Tips <hi@example.org>' }).mailFrom).toBe('Tips <hi@example.org>');
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMS_WEBHOOK_URL: 'ftp://sms.example.com' })).toThrow(/SMS_WEBHOOK_URL/);
  });

  it('finds the repository folders from the code, whatever the working directory', () => {
    expect(path.join(REPO_ROOT, 'apps/server/src/config.ts')).toBe(
      path.resolve(import.meta.dirname, 'config.ts'),
    );
  });

  it('reads relative folders from the repository root', () => {
    expect(loadConfig({ DATA_DIR: 'tmp/data' }).dataDir).toBe(path.join(REPO_ROOT, 'tmp/data'));
    expect(loadConfig({ DATA_DIR: '/srv/ztart' }).dataDir).toBe('/srv/ztart');
  });

  it('never loads demo people in production, even when SEED asks for it', () => {
    const production = { NODE_ENV: 'production', DATA_ENCRYPTION_KEYS: KEY_1 };
    expect(loadConfig(production).seed).toBe(false);
    expect(loadConfig({ ...production, SEED: 'true' }).seed).toBe(false);
    expect(loadConfig({ SEED: 'false' }).seed).toBe(false);
  });

  it('lets webhooks call loopback only when WEBHOOK_ALLOW_LOOPBACK says so, and never in production', () => {
    const production = { NODE_ENV: 'production', DATA_ENCRYPTION_KEYS: KEY_1 };
    expect(loadConfig({}).webhookAllowLoopback).toBe(false);
    expect(loadConfig(production).webhookAllowLoopback).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_LOOPBACK: 'true' }).webhookAllowLoopback).toBe(true);
    expect(() => loadConfig({ ...production, WEBHOOK_ALLOW_LOOPBACK: 'true' })).toThrow(
      /WEBHOOK_ALLOW_LOOPBACK/,
    );
  });

  it('encrypts data with the keys of DATA_ENCRYPTION_KEYS, the first one sealing, all of them opening', () => {
    const [first, second] = loadConfig({ DATA_ENCRYPTION_KEYS: `${KEY_2}, ${KEY_1}` }).dataEncryptionKeys;

    expect(first).toEqual({ id: 'k2', key: Buffer.alloc(32, 2) });
    expect(second).toEqual({ id: 'k1', key: Buffer.alloc(32, 1) });
    expect(() => loadConfig({ DATA_ENCRYPTION_KEYS: 'k1:c2hvcnQ=' })).toThrow(
      /DATA_ENCRYPTION_KEYS.*32 bytes/,
    );
    expect(() => loadConfig({ DATA_ENCRYPTION_KEYS: Buffer.alloc(32).toString('base64') })).toThrow(
      /DATA_ENCRYPTION_KEYS/,
    );
    expect(() => loadConfig({ DATA_ENCRYPTION_KEYS: `${KEY_1},${KEY_1}` })).toThrow(/same id/);
  });

  it('refuses to start in production without a data key of its own; elsewhere a development key stands in', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATA_ENCRYPTION_KEYS: required/);
    const developmentKey = `dev2:${DEVELOPMENT_DATA_KEY.key.toString('base64')}`;
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_ENCRYPTION_KEYS: developmentKey })).toThrow(
      /development key/,
    );
    expect(loadConfig({}).dataEncryptionKeys).toEqual([DEVELOPMENT_DATA_KEY]);
    expect(loadConfig({ NODE_ENV: 'test' }).dataEncryptionKeys).toEqual([DEVELOPMENT_DATA_KEY]);
  });

  it('derives the public address from the port unless APP_URL says otherwise', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ APP_URL: 'https://tips.example.com/' }).appUrl).toBe('https://tips.example.com');
  });

  it('understands TRUST_PROXY as a hop count (true is one proxy, false none) or a list of addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: '99' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it('refuses to start on a bad value and names every variable at fault', () => {
    const load = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://db/ztart', SEED: 'maybe' });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*SEED/);
  });
});
