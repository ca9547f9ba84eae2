import { Writable } from 'node:stream';
import type pino from 'pino';
import { createLogger } from '../lib/logger.js';

/** The process's logger as production makes it, writing into memory: what a test may read back. */
export function capturedLog(level = 'info'): { logger: pino.Logger; text: () => string } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: createLogger(level, sink), text: () => lines.join('') };
}
