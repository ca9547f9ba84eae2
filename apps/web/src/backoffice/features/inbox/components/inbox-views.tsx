import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { inboxViewsText, type InboxView } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRemoveView, viewsQueryOptions } from '../api/inbox-queue';
import { NativeSelectField } from '@/components/form/native-select-field';
import { LazyPart } from '@/components/lazy-component';

const loadSaveViewDialog = () => import('./save-view-dialog');

/** The address's parameters in a fixed order, so that a view and the address it was saved from compare equal. */
const normal = (query: string) => {
  const params = new URLSearchParams(query);
  params.sort();
  return params.toString();
};

/**
 * The staff member's named views (issue 30.5): the address of the inbox (filters, sort and search) under a name,
 * kept on the server. Picking one opens its address; the view the address is shows as chosen.
 */
export default function InboxViews({ onDone }: { onDone: (message: string) => void }) {
  const views = useQuery(viewsQueryOptions());
  const remove = useRemoveView();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [naming, setNaming] = useState(false);
  const current = (views.data ?? []).find((view) => normal(view.query) === normal(search));


  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <NativeSelectField
        label={inboxViewsText.label}
        size="small"
        margin="none"
        fullWidth={false}
        value={current ? String(current.id) : ''}
        options={[{ value: '', label: inboxViewsText.all }, ...(views.data ?? []).map((view) => ({ value: String(view.id), label: view.name }))]}
        onChange={(value) => {
          const view = views.data?.find((v) => String(v.id) === value);
          void navigate({ pathname, search: view?.query ? `?${view.query}` : '' }, { replace: true });
        }}
        sx={{ width: { xs: '100%', sm: '16rem' } }}
      />
      {current && (
        <IconButton
          aria-label={inboxViewsText.remove(current.name)}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ id: current.id }, { onSuccess: () => onDone(inboxViewsText.removed(current.name)) })}
        >
          <DeleteOutline />
        </IconButton>
      )}
      <Button onClick={() => setNaming(true)}>
        {inboxViewsText.save}
      </Button>
      {naming && (
        <LazyPart
          load={loadSaveViewDialog}
          props={{
            name: current?.name ?? '',
            query: search.replace(/^\?/, ''),
            onClose: () => setNaming(false),
            onSaved: (view: InboxView) => {
              setNaming(false);
              onDone(inboxViewsText.saved(view.name));
            },
          }}
        />
      )}
    </Box>
  );
}
