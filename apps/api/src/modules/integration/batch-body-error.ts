import { HttpProblem } from '../../lib/problems.js';

/** A body that is no list of rows at all: a 400 problem, nothing of it kept. */
export class BatchBodyError extends HttpProblem {
  constructor(message: string) {
    super(400, message);
  }
}
