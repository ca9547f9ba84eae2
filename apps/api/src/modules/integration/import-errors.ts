import { HttpProblem } from '../../lib/problems.js';

/** Input the engine refuses as a whole (a snapshot's unknown customer): a 422 problem, its message the run's error. */
export class ImportInputError extends HttpProblem {
  constructor(message: string) {
    super(422, message);
  }
}
