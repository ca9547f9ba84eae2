import { vi } from 'vitest';

export interface StubRequest {
  url: URL;
  method: string;
  headers: Headers;
  /** The parsed JSON body, if any. */
  body: unknown;
  /** The request's abort signal, for a stub that hangs until the client gives up. */
  signal?: AbortSignal | null;
}

export type Handler = (request: StubRequest) => Response | Promise<Response>;

/** Replaces global fetch (restored after each test) with a handler that sees parsed requests. */
export function stubFetch(handler: Handler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return handler({ url, method: init?.method ?? 'GET', headers: new Headers(init?.headers), body, signal: init?.signal });
  });
  vi.stubGlobal('fetch', mock);
  return {
    mock,
    /** The requests made so far, parsed; optionally only those to one path. */
    requests(path?: string): StubRequest[] {
      return mock.mock.calls
        .map(([input, init]) => ({
          url: new URL(String(input), window.location.origin),
          method: init?.method ?? 'GET',
          headers: new Headers(init?.headers),
          body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        }))
        .filter((request) => path === undefined || request.url.pathname === path);
    },
  };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function problemResponse(status: number, errors?: Record<string, string[]>): Response {
  return jsonResponse({ type: 'about:blank', title: `Status ${status}`, status, errors }, status, {
    'Content-Type': 'application/problem+json',
  });
}

export type Routes = Record<string, Handler>;

/** A handler that answers by path from `routes`, and with `otherwise` (a 404) for any other path. */
export function answerByPath(routes: Routes, otherwise: Handler = () => problemResponse(404)): Handler {
  return (request) => (routes[request.url.pathname] ?? otherwise)(request);
}

/** A server of a few calls, by path; any other call is a 404. */
export function stubRoutes(routes: Routes) {
  return stubFetch(answerByPath(routes));
}

/** A server that answers `status` to every call until the test calls `end()`, and from then on as `answer` does. */
export function stubOutage(answer: Handler, status = 500) {
  let down = true;
  const stub = stubFetch((request) => (down ? problemResponse(status) : answer(request)));
  return { ...stub, end: () => void (down = false) };
}
