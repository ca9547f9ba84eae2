import type { ImportErrorCode } from '@portal/contract';
import { ImportInputError } from './import-errors.js';

/** A body that is no list of rows at all: a 400 problem, nothing of it kept. */
export class BatchBodyError extends ImportInputError {
  constructor(message: string, code: ImportErrorCode = 'invalid_body', field: string | null = null) {
    super(code, message, field, 400);
  }
}
