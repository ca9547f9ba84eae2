import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { drawerWidth } from '@/config/theme';

interface TopBarProps {
  title: string | undefined;
  firstName: string | undefined;
  /** Only on small screens, where the menu is a drawer that opens on demand. */
  menuButton?: { open: boolean; controls: string; onOpen: () => void };
}

export function TopBar({ title, firstName, menuButton }: TopBarProps) {
  const initial = firstName?.trim().charAt(0).toLocaleUpperCase('nl-NL') ?? '';
  return (
    <AppBar
      position="fixed"
      sx={{
        width: { md: `calc(100% - ${drawerWidth}px)` },
        ml: { md: `${drawerWidth}px` },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: 1.5 }}>
        {menuButton && (
          <IconButton
            edge="start"
            aria-label="Menu openen"
            aria-haspopup="true"
            aria-expanded={menuButton.open}
            aria-controls={menuButton.controls}
            onClick={menuButton.onOpen}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Typography component="p" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0, color: 'primary.dark' }}>
          {title}
        </Typography>
        {firstName && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Typography noWrap sx={{ maxWidth: { xs: 96, sm: 220 } }}>
              {firstName}
            </Typography>
            <Avatar aria-hidden sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: '1rem' }}>
              {initial}
            </Avatar>
          </Box>
        )}
      </Toolbar>
    </AppBar>
  );
}
