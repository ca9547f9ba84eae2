import { backofficeInboxContextCalls as context } from '@portal/contract';
import { staffQueryOptions } from '../../../lib/staff-api';
import type { ItemRef } from './inbox';

/** The customer beside an item (issue 30.7); under the inbox's key, so that a change to any item asks it again. */
export const customerContextQueryOptions = ({ itemKind, id }: ItemRef) =>
  staffQueryOptions(['inbox', 'context', itemKind, id], context.get, { query: { ItemKind: itemKind, Id: String(id) } });
