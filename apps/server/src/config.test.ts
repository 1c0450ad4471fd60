import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { dialectOf } from './db/database.js';

describe('configuration', () => {
  it('defaults to SQLite under ./data, port 3000 and the dev mailbox', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'sqlite:./data/return-center.sqlite',
      MAIL_TRANSPORT: 'dev',
    });
    expect(dialectOf(config.DATABASE_URL)).toBe('sqlite');
    expect(dialectOf('postgres://postgres@127.0.0.1/test')).toBe('postgres');
  });

  it('fails fast naming every bad key', () => {
    expect(() => loadConfig({ PORT: 'abc', SESSION_TTL_MINUTES: '1' })).toThrow(/PORT: [\s\S]*SESSION_TTL_MINUTES: /);
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL: required when MAIL_TRANSPORT=smtp/);
  });

  it('reads the OpenTelemetry exporter headers as key=value pairs, and refuses anything else', () => {
    const config = loadConfig({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=abc%3D%3D, tenant=shop-1',
    });
    expect(config.OTEL_EXPORTER_OTLP_HEADERS).toEqual({ 'x-api-key': 'abc==', tenant: 'shop-1' });
    expect(loadConfig({}).OTEL_EXPORTER_OTLP_HEADERS).toEqual({});
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_HEADERS: 'no-value-here' })).toThrow(/OTEL_EXPORTER_OTLP_HEADERS: /);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: /,
    );
  });
});
