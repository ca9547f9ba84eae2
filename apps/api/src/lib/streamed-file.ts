import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition, type StreamedFile } from './http.js';

/**
 * Sends `body` as the answer's file and resolves once it is done with: read to its end, or given up on because
 * the client went away. Until then the handler (and its transaction, from which the body reads) stays open;
 * `source` is the generator the body reads from, closed here in either case so that nothing holds the
 * connection afterwards. A source that failed is thrown again (the transaction rolls back; the client has seen
 * its download break off).
 */
export async function streamFile(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; headers?: Record<string, string> },
  body: Readable,
  source: AsyncGenerator<unknown>,
): Promise<StreamedFile> {
  let failure: unknown = null;
  let ended = false;
  const done = new Promise<void>((resolve) => {
    body.once('end', () => {
      ended = true;
      resolve();
    });
    body.once('error', (error) => {
      failure = error;
      resolve();
    });
    body.once('close', resolve);
    reply.raw.once('close', resolve);
  });
  for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
  void reply.header('content-type', file.contentType).header('content-disposition', contentDisposition(file.fileName)).send(body);
  await done;
  if (!ended) body.destroy();
  await source.return(undefined);
  if (failure) throw failure;
  return { streamed: true, completed: ended };
}
