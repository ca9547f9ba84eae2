import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

/** The auth screens: one card in the middle of a quiet background, on a phone as on a desktop. */
export function AuthLayout() {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: (theme) =>
          `linear-gradient(160deg, ${theme.palette.background.default} 0%, #e3edef 100%)`,
      }}
    >
      <Outlet />
    </Box>
  );
}
