import { describe, expect, inject, it } from 'vitest';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { capturedLog } from '../test/log-capture.js';
import { createLogger, redactUrl } from './logger.js';
import { validation } from '@portal/contract';
import { errorHandler } from './problems.js';

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

describe('a database error in the log (issue 26.4)', () => {
  it('keeps its SQLSTATE, constraint and query, and drops its parameters, its failing row and the value it quotes', async () => {
    const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await client.connect();
    const failures: unknown[] = [];
    try {
      const db = drizzle(client);
      await db.execute(sql`create temp table logged_patients (last_name text primary key, birth_date date)`);
      const insert = () => db.execute(sql`insert into logged_patients values (${'Zeldzaamhuis'}, ${'1936-03-12'})`);
      await insert();
      // a unique violation: its detail names the row; its parameters hold the patient's name and birth date
      failures.push(await insert().catch((error: unknown) => error));
      // a data exception: its message quotes the value
      failures.push(await db.execute(sql`select ${'Geertruida'}::date`).catch((error: unknown) => error));
    } finally {
      await client.end();
    }
    const [duplicate, badDate] = failures as [Error & { cause: { detail?: string } }, Error & { cause: Error }];
    expect(duplicate.message).toContain('Zeldzaamhuis');
    expect(duplicate.cause.detail).toContain('Zeldzaamhuis');
    expect(badDate.cause.message).toContain('Geertruida');

    const log = capturedLog();
    const app = Fastify({ loggerInstance: log.logger });
    app.setErrorHandler(errorHandler);
    app.get('/duplicate', async () => {
      throw duplicate;
    });
    app.get('/bad-date', async () => {
      throw badDate;
    });
    await app.ready();
    expect((await app.inject({ url: '/duplicate' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/bad-date' })).statusCode).toBe(500);
    await app.close();
    // an error logged on its own goes the same way
    log.logger.child({ job: 'test' }).error(duplicate);
    const logged = log.text();
    for (const value of ['Zeldzaamhuis', '1936-03-12', 'Geertruida']) expect(logged).not.toContain(value);
    // what a fault needs to be found stays, the cause's fields (SQLSTATE, constraint) among it
    expect(logged).toContain('23505');
    expect(logged).toContain('logged_patients_pkey');
    expect(logged).toContain('insert into logged_patients');
    expect(logged).toContain('22007');
    expect(logged).toContain('invalid input syntax for type date');
  });
});

describe('text the database cannot store (issue 26.4)', () => {
  it('is a 400 with a Dutch reason where no schema caught it first, not a 500', async () => {
    const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await client.connect();
    const log = capturedLog();
    const app = Fastify({ loggerInstance: log.logger });
    app.setErrorHandler(errorHandler);
    app.post('/search', async (request) => {
      const { q } = request.body as { q: string };
      return (await drizzle(client).execute(sql`select ${q}::text as q`)).rows;
    });
    try {
      await app.ready();
      const answer = await app.inject({ method: 'POST', url: '/search', payload: { q: 'Zeldzaamhuis\u0000' } });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ status: 400, title: validation.unstorableText, errors: { $: [validation.unstorableText] } });
      expect(log.text()).not.toContain('Zeldzaamhuis');
    } finally {
      await app.close();
      await client.end();
    }
  });
});
