import pg from 'pg';
import { sql } from 'drizzle-orm';
import { sessionsChannel, type Db } from '../db/database.js';
import type { AccessClaims } from './crypto.js';

/** The application_name of each process's listening connection. */
export const listenerName = 'portal session listener';

interface Log {
  warn(obj: unknown, msg?: string): void;
}

export interface LiveSessionsOptions {
  db: Db;
  /** the app role's pool: the dedicated listener connects as it does */
  pool: pg.Pool;
  /** every pool of this process whose writes can end a session (each of their connections listens: db/database.ts) */
  listenOn: pg.Pool[];
  /** longest an answer is reused; 0 turns the cache off (every request asks the database) */
  maxAgeMs: number;
  log: Log;
  /** how long to wait before connecting the listener again after it broke */
  reconnectMs?: number;
}

interface Entry {
  customerId: string;
  accountId: number;
  pharmacistType: string;
  /** when the session itself ends, and when this answer stops being reused */
  until: number;
}

/**
 * Is this access token's session still live, and what is its account's role now? Every authenticated request
 * asks; the answer is kept in the process and reused until the database says something changed.
 *
 * Invalidation is immediate and across processes: triggers on session_families, accounts and clients notify
 * `portal_sessions` in the transaction that ends a session, deactivates or removes an account, changes a role
 * or deactivates a customer, whatever the code path (a logout, the back-office, the command line, another API
 * process). Every process listens and forgets all it kept on each notification.
 *
 * - A dedicated connection listens while the pool's connections come and go. While it is not connected (at
 *   start, after the database went away) nothing is kept or reused: every request asks the database.
 * - Every connection of the process's pools listens as well. The connection that commits a change receives its
 *   own notification before its COMMIT is answered, so in the process that made the change the next request
 *   is checked anew: a revoked session cannot slip through while the dedicated listener's message is on its
 *   way. Another process hears of it through its own listener, within the time a notification takes.
 * - A check that was asked while a notification arrived is not kept (the generation counter).
 * - An answer is reused for `maxAgeMs` at most, and never past the session's own end.
 */
export class LiveSessions {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private listener: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: LiveSessionsOptions) {}

  /** Starts listening (the cache is used once the listener is connected). */
  async start(): Promise<void> {
    if (this.options.maxAgeMs <= 0) return;
    for (const pool of this.options.listenOn) pool.on('acquire', this.onAcquire);
    await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    for (const pool of this.options.listenOn) pool.off('acquire', this.onAcquire);
    this.clear();
    const listener = this.listener;
    this.listener = null;
    this.listening = false;
    await listener?.end().catch(() => undefined);
  }

  /** The account's role now, or null when the session is not live (ended, expired, account or customer inactive). */
  async pharmacistType(claims: AccessClaims): Promise<string | null> {
    const now = Date.now();
    const kept = this.listening ? this.entries.get(claims.familyId) : undefined;
    if (kept && kept.until > now && kept.customerId === claims.customerId && kept.accountId === claims.accountId) {
      return kept.pharmacistType;
    }
    const generation = this.generation;
    const live = await this.options.db.execute<{ pharmacist_type: string; expires_at: Date | string }>(
      sql`select pharmacist_type, expires_at from auth_session_live(${claims.customerId}, ${claims.familyId}, ${claims.accountId})`,
    );
    const row = live.rows[0];
    if (!row) {
      this.entries.delete(claims.familyId);
      return null;
    }
    if (this.listening && generation === this.generation) {
      const ends = new Date(row.expires_at).getTime();
      this.entries.set(claims.familyId, {
        customerId: claims.customerId,
        accountId: claims.accountId,
        pharmacistType: row.pharmacist_type,
        until: Math.min(ends, now + this.options.maxAgeMs),
      });
    }
    return row.pharmacist_type;
  }

  /** How many answers are kept (for tests and the health of the cache). */
  get size(): number {
    return this.entries.size;
  }

  /** Whether answers are being reused: the listener is connected. */
  get active(): boolean {
    return this.listening;
  }

  private clear() {
    this.generation += 1;
    this.entries.clear();
  }

  private readonly heard = new WeakSet<pg.PoolClient>();

  /** The pools' connections listen from their start; this process hears them from their first use on. */
  private readonly onAcquire = (client: pg.PoolClient) => {
    if (this.heard.has(client)) return;
    this.heard.add(client);
    client.on('notification', (message) => {
      if (message.channel === sessionsChannel) this.clear();
    });
  };

  private async connect(): Promise<void> {
    if (this.closed) return;
    // Named, so that an operator (and a test) can tell it from the pool's connections in pg_stat_activity.
    const client = new pg.Client({ ...this.options.pool.options, application_name: listenerName });
    client.on('notification', (message) => {
      if (message.channel === sessionsChannel) this.clear();
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(`listen ${sessionsChannel}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    // Whatever changed while nobody listened is unknown: start empty.
    this.clear();
    this.listening = true;
  }

  private lost(client: pg.Client, error: Error | null) {
    if (this.listener && this.listener !== client) return;
    const wasListening = this.listening;
    this.listening = false;
    this.listener = null;
    this.clear();
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    if (this.closed) return;
    if (wasListening) this.options.log.warn({ err: error }, 'Session cache: the listener lost the database; every request asks it until it is back');
    if (!this.reconnectTimer) {
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        void this.connect();
      }, this.options.reconnectMs ?? 1000);
      this.reconnectTimer.unref();
    }
  }
}
