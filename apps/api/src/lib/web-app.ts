import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from './problems.js';

/** The web app's build beside the API's: from the sources (src/lib) or from the bundle (dist). */
function defaultWebDist(): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const up of ['.', '..']) {
    for (const candidate of [path.resolve(here, up, '../../web/dist'), path.resolve(here, up, '../../../apps/web/dist')]) {
      if (existsSync(path.join(candidate, 'index.html'))) return candidate;
    }
  }
  return null;
}

/**
 * The web app's files and pages: every GET outside /api/ without a file extension is a page of the app; anything
 * else no route took is a 404 problem document (under /api/ always, so an API path never answers with the app).
 */
export async function registerWebApp(app: FastifyInstance, webDistSetting: string | undefined): Promise<void> {
  const configuredDist = webDistSetting ?? defaultWebDist();
  const webDist = configuredDist && existsSync(path.join(configuredDist, 'index.html')) ? configuredDist : null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file: sent by Accept-Encoding, with Vary (decision 0024).
      preCompressed: true,
      // Vite's assets carry a content hash in their names: they never change.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // The login page rendered at build time (decision 0027): sent for /auth itself, the other routes get the app alone.
  const loginPage = webDist && existsSync(path.join(webDist, 'auth.html')) ? 'auth.html' : 'index.html';
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if ((request.method === 'GET' || request.method === 'HEAD') && webDist && !request.url.startsWith('/api/') && !path.extname(pathname)) {
      const page = pathname === '/auth' || pathname === '/auth/' ? loginPage : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    throw notFound();
  });
}
