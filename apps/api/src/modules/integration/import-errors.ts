import type { ImportErrorCode } from '@portal/contract';
import { HttpProblem, problem } from '../../lib/problems.js';

/**
 * Input the engine refuses as a whole (a snapshot's unknown customer, the delete guard): a 422 problem that names
 * its code and field beside its title (the contract's `importProblem`); its message is the run's error.
 */
export class ImportInputError extends HttpProblem {
  constructor(
    readonly code: ImportErrorCode,
    message: string,
    readonly field: string | null = null,
    status = 422,
  ) {
    super(status, message);
  }

  override answer() {
    return { contentType: 'application/problem+json', body: { ...problem(this.status, this.message), code: this.code, field: this.field } };
  }
}
