/**
 * The one place where tests wait by looking again: for an event outside the test's hands that announces itself
 * nowhere it could listen (a server process becoming healthy, a mail file being written, the clock reaching the
 * next TOTP step the server checks codes against). Everything a test drives itself is awaited directly, or run
 * on a fake clock; the lint rule against sleeps in tests leaves only this file to wait on a timer.
 *
 * Asks `probe` every `intervalMs` until it answers something other than undefined, and answers that. A probe
 * that throws ends the wait with its error (e.g. the server process has exited). Past `timeoutMs` it fails
 * with `failure()`'s message.
 */
export async function pollUntil<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs: number; failure: () => string | Promise<string> },
): Promise<T> {
  const until = Date.now() + options.timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error(await options.failure());
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
  }
}
