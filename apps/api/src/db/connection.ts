import type pg from 'pg';

/**
 * Runs `fn` on one connection checked out of `pool`, and gives it back (closed instead when it broke). While
 * checked out, a connection has no listener of the pool's: without the one added here, a database that dies
 * meanwhile would emit an 'error' nobody handles and end the whole process; the failing query rejects anyway.
 */
export async function withConnection<T>(pool: pg.Pool, fn: (client: pg.PoolClient, broke: (error: Error) => void) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    return await fn(client, onError);
  } finally {
    client.off('error', onError);
    client.release(broken);
  }
}
