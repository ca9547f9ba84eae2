import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { createLogger, redactUrl } from './logger.js';

describe('redactUrl', () => {
  it('hides the values of token, code and key in any case, and keeps the rest', () => {
    expect(redactUrl('/auth/activate?token=abc123')).toBe('/auth/activate?token=[redacted]');
    expect(redactUrl('/x?Token=a&CODE=b&key=c&keys=d&page=2')).toBe('/x?Token=[redacted]&CODE=[redacted]&key=[redacted]&keys=d&page=2');
    expect(redactUrl('/x?%74oken=a')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/x?%E0%A4%A=1&token')).toBe('/x?%E0%A4%A=1&token');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('the request log', () => {
  it('never writes a reset or activation token from the query', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = Fastify({ loggerInstance: createLogger('info', sink) });
    app.get('/auth/reset-password/update', async () => ({ ok: true }));
    await app.ready();
    const response = await app.inject({ url: '/auth/reset-password/update?token=s3cr3t-reset-token&code=123456&lang=nl' });
    expect(response.statusCode).toBe(200);
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/auth/reset-password/update?token=[redacted]&code=[redacted]&lang=nl');
    expect(log).not.toContain('s3cr3t-reset-token');
    expect(log).not.toContain('123456');
  });
});
