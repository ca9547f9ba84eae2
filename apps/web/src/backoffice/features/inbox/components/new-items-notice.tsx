import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { inboxQueueText as t, type InboxTableRequest } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { backofficeKey } from '../../../lib/staff-api';
import { useNewSince } from '../api/inbox-queue';

/**
 * Says how many items arrived since the list was shown (issue 30.5, decision 0088): asked every 30 s, the list
 * itself left as it is (rows, selection, scroll) until the user asks to see them. A new filter is a new look.
 */
export default function NewItemsNotice({ list }: { list: InboxTableRequest }) {
  const key = JSON.stringify(list);
  const [looked, setLooked] = useState<{ key: string; since: string | null }>({ key, since: null });
  const since = looked.key === key ? looked.since : null;
  const answer = useNewSince(list, since);
  const queryClient = useQueryClient();
  const asOf = answer.data?.asOf;

  // The first answer for these filters says when the user looked.
  useEffect(() => {
    if (since === null && asOf) setLooked({ key, since: asOf });
  }, [since, asOf, key]);

  const count = since !== null && answer.data ? answer.data.count : 0;
  if (count === 0) return null;
  const show = () => {
    setLooked({ key, since: asOf ?? since });
    void queryClient.invalidateQueries({ queryKey: [...backofficeKey, 'inbox', 'table'] });
  };
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={show}>
          {t.showNew}
        </Button>
      }
    >
      {`${t.newItems(count)} —`}
    </Alert>
  );
}
