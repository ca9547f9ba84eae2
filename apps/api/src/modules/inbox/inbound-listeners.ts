import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { problem } from '../../lib/problems.js';
import type { Database } from '../../db/database.js';
import { InboundMail, InboundRefusal } from './inbound-mail.js';
import { ReplyAddresses } from './reply-addresses.js';

/** At most this much of one mail is read (a reply with a few photos). */
export const INBOUND_MAX_BYTES = 25 * 1024 * 1024;

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/** What a failure says to the sending side: a refusal is final (550), anything else a reason to try later (451). */
function refusalOf(error: unknown): { code: 550 | 451; message: string } {
  return error instanceof InboundRefusal ? { code: error.code, message: error.message } : { code: 451, message: 'Probeer het later opnieuw' };
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The SMTP listener of the reply addresses (issue 30.3): a real SMTP server in the API process, taking mail only
 * for addresses of its domain that name an item (the rest refused at RCPT TO), without authentication (it is the
 * domain's MX, or behind the provider's relay) and without TLS of its own (a relay or a TLS proxy in front gives it).
 */
export function inboundSmtpServer(inbound: InboundMail, addresses: ReplyAddresses, log: { error(obj: unknown, msg?: string): void }): SMTPServer {
  return new SMTPServer({
    banner: 'Mijn Spits antwoorden',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAX_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(addresses.parse(address.address) ? undefined : smtpError(550, 'Onbekend adres'));
    },
    onData(stream, session, callback) {
      readAll(stream)
        .then((raw) => {
          if (stream.sizeExceeded) throw new InboundRefusal(550, 'Het bericht is te groot');
          return inbound.receive(raw, session.envelope.rcptTo.map((r) => r.address), session.remoteAddress);
        })
        .then(
          () => callback(null, 'Reactie ontvangen'),
          (error: unknown) => {
            const refusal = refusalOf(error);
            if (refusal.code === 451) log.error({ err: error }, 'inbound mail not taken');
            callback(smtpError(refusal.code, refusal.message));
          },
        );
    },
  });
}

/**
 * The same for a hosted mail service (its inbound route posting the raw message): `POST /api/inbound-mail` with
 * `Authorization: Bearer <INBOUND_MAIL_SECRET>` and the message as `message/rfc822`; `?to=` names the envelope's
 * recipient where the service gives it. Answers 202, 422 with the reason for a refused mail, 503 to try again.
 */
export function registerInboundMailRoute(app: FastifyInstance, deps: { inbound: InboundMail; secret: string }) {
  void app.register(async (scope) => {
    scope.addContentTypeParser(['message/rfc822', 'application/octet-stream', 'text/plain'], { parseAs: 'buffer', bodyLimit: INBOUND_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    const expected = Buffer.from(`Bearer ${deps.secret}`);
    scope.post('/api/inbound-mail', { schema: { hide: true } }, async (request, reply) => {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(401).type('application/problem+json').send(problem(401, 'Geen geldige sleutel voor het ontvangen van e-mail'));
      }
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
        return reply.code(400).type('application/problem+json').send(problem(400, 'Stuur het bericht als message/rfc822'));
      }
      const to = typeof (request.query as { to?: unknown }).to === 'string' ? [(request.query as { to: string }).to] : [];
      try {
        await deps.inbound.receive(request.body, to, request.ip);
        return reply.code(202).send({ accepted: true });
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal.code === 451) request.log.error({ err: error }, 'inbound mail not taken');
        return reply.code(refusal.code === 550 ? 422 : 503).type('application/problem+json').send(problem(refusal.code === 550 ? 422 : 503, refusal.message));
      }
    });
  });
}

/**
 * Where customers' replies to the inbox's mails go (issue 30.3): an address per item, checked on arrival; the
 * hosted mail service's call when its secret is set. The SMTP listener is the server's to start (server.ts).
 */
export function openInboundMail(
  app: FastifyInstance,
  deps: { database: Database; config: { PUBLIC_URL: string; INBOUND_MAIL_DOMAIN?: string; INBOUND_MAIL_SECRET?: string }; jwtSecret: string },
): { replyAddresses: ReplyAddresses; inboundMail: InboundMail } {
  const replyAddresses = new ReplyAddresses(deps.jwtSecret, deps.config.INBOUND_MAIL_DOMAIN ?? null);
  const inboundMail = new InboundMail({ ownerDb: deps.database.ownerDb, tenantWork: app.tenantWork, addresses: replyAddresses, publicUrl: deps.config.PUBLIC_URL });
  // A reply is filed as the owner: a process without the owner's credentials leaves the hosted service's call to one that has them.
  if (deps.config.INBOUND_MAIL_SECRET && deps.database.hasOwner) registerInboundMailRoute(app, { inbound: inboundMail, secret: deps.config.INBOUND_MAIL_SECRET });
  return { replyAddresses, inboundMail };
}
