import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { feedback } from '@portal/contract';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useStaticShellRemoved } from './static-shell';

/**
 * What shows when a route fails to load or render, e.g. a chunk of an older release that the server no
 * longer has: a reload fetches the current one.
 */
export function RouteError() {
  const error = useRouteError();
  useStaticShellRemoved();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Box component="main" sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Opnieuw laden
          </Button>
        }
      >
        {feedback.serverError}
      </Alert>
    </Box>
  );
}
