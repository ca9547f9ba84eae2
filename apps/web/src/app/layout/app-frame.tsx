import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useRouteTitle } from '../route-handle';
import { drawerWidth } from '@/config/theme';
import type { MenuEntry } from './menu-entries';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

const mainId = 'main-content';
const drawerId = 'side-menu';

/**
 * The frame of every signed-in page, the customer's and the back-office's: side menu (permanent from md up, a
 * drawer behind a menu button below), top bar with the page title and the user, and the page itself.
 */
export function AppFrame({ entries, userName, onLogout }: { entries: MenuEntry[]; userName: string | undefined; onLogout?: () => Promise<void> }) {
  const title = useRouteTitle();
  const navigation = useNavigation();
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);

  const menu = <SideMenu entries={entries} onNavigate={() => setMobileOpen(false)} onLogout={onLogout} />;

  return (
    <>
      <Link
        href={`#${mainId}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: theme.zIndex.tooltip,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        Naar de inhoud
      </Link>
      {navigation.state === 'loading' && (
        <LinearProgress
          aria-label="Pagina laden"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: theme.zIndex.appBar + 1 }}
        />
      )}
      <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
        <TopBar
          title={title}
          firstName={userName}
          menuButton={isDesktop ? undefined : { open: mobileOpen, controls: drawerId, onOpen: () => setMobileOpen(true) }}
        />
        <Box sx={{ width: { md: drawerWidth }, flexShrink: { md: 0 } }}>
          {isDesktop ? (
            <Drawer
              variant="permanent"
              open
              slotProps={{ paper: { id: drawerId, sx: { width: drawerWidth, boxSizing: 'border-box' } } }}
            >
              {menu}
            </Drawer>
          ) : (
            <Drawer
              variant="temporary"
              open={mobileOpen}
              onClose={() => setMobileOpen(false)}
              ModalProps={{ keepMounted: true }}
              // The open drawer is a modal dialog, and a dialog needs a name (WCAG 4.1.2).
              slotProps={{
                paper: { id: drawerId, 'aria-label': 'Menu', sx: { width: drawerWidth, maxWidth: '85vw', boxSizing: 'border-box' } },
              }}
            >
              {menu}
            </Drawer>
          )}
        </Box>
        <Box
          component="main"
          id={mainId}
          tabIndex={-1}
          sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3 }, pb: 4, outline: 'none' }}
        >
          <Toolbar aria-hidden sx={{ mb: { xs: 2, sm: 3 } }} />
          <Outlet />
        </Box>
      </Box>
    </>
  );
}
