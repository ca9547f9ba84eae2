import { problemDocument, type ProblemDocument } from '@portal/contract';

/** A non-2xx answer: its status and the problem document (with `errors` per field for a 400). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly problem: ProblemDocument,
    /** Seconds to wait, from the Retry-After header of a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(problem.detail ?? problem.title);
  }
}

/**
 * A submit that got no answer: the network is gone, or the server did not answer within `submissionTimeout.ms`.
 * The form keeps what was typed; the submit can be tried again.
 */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';
}

/** A 2xx answer whose body does not match the contract. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
}

/** The body as JSON; undefined when there is none or it is not JSON (a proxy's page). */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A non-2xx answer as an ApiError with its problem document, read leniently (a proxy may answer anything). */
export async function toApiError(response: Response): Promise<ApiError> {
  const fallback: ProblemDocument = {
    type: 'about:blank',
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
  };
  const parsed = problemDocument.partial().safeParse(await readJson(response));
  const problem = parsed.success ? { ...fallback, ...parsed.data, status: response.status } : fallback;
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new ApiError(response.status, problem, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
}

/**
 * Whether a call of ours (not of the spec) is missing on this server: a server of the spec's API alone answers
 * 404, 405 or 501, or its web app's page instead of JSON. The screen then leaves out what needs the call.
 */
export const callMissing = (error: unknown) =>
  (error instanceof ApiError && [404, 405, 501].includes(error.status)) || error instanceof UnexpectedResponseError;
