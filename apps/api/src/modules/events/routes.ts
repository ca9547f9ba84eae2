import type { FastifyInstance } from 'fastify';
import { wayBackCalls as calls } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { IntegrationDoor } from '../../doors/integration.js';
import { InboxActions } from '../inbox/inbox-actions.js';
import type { ReplyAddresses } from '../inbox/reply-addresses.js';
import { readableTypes, readFeed, sequenceEvents } from './feed.js';
import { uploadedFileOf } from './uploaded-file.js';
import { answerBack, setStatusBack } from './write-back.js';

/**
 * The way back on the integration door (issue 29): the event feed and its files, and the write-back calls.
 * Those take a JSON body, so they are registered in the door's scope that parses one (the token endpoint's).
 */
export function declareWayBack(door: IntegrationDoor, deps: { db: Db; publicUrl: string; replyAddresses: ReplyAddresses }, jsonScope: FastifyInstance): void {
  const actions = new InboxActions(deps);
  // The sequencer runs first, in a transaction of its own: the page then shows every event committed before it.
  door.read(calls.events, async (reading) => {
    const types = readableTypes(reading.client.scopes, reading.query.types);
    await sequenceEvents(deps.db);
    return readFeed(reading, { after: reading.query.after, limit: reading.query.limit, types });
  });
  door.read(calls.file, (reading) => uploadedFileOf(reading, reading.params.id));
  const json = { scope: jsonScope };
  door.call(calls.setSubmissionStatus, (work) => setStatusBack(actions, work, work.params.reference, work.body.status), json);
  door.call(calls.answerSubmission, (work) => answerBack(actions, work, work.params.reference, work.body), json);
  door.call(calls.setServiceOrderStatus, (work) => setStatusBack(actions, work, work.params.reference, work.body.status), json);
  door.call(calls.answerServiceOrder, (work) => answerBack(actions, work, work.params.reference, work.body), json);
}
