import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useId, useState } from 'react';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { Brand } from '@/components/brand';
import { visuallyHidden } from '@/components/visually-hidden';
import { logout } from '@/lib/api-client';
import type { MenuEntry, MenuGroup, MenuLink } from './menu-entries';

interface SideMenuProps {
  entries: MenuEntry[];
  /** Called after a link is chosen: the mobile drawer closes. */
  onNavigate: () => void;
  /** How this part of the app logs out (the back-office has its own session); the portal's by default. */
  onLogout?: () => Promise<void>;
}

function isActive(to: string, pathname: string): boolean {
  // The dashboard is active on / only; other entries also on their sub-pages (/orders/12, /pharmacists/add).
  return matchPath({ path: to, end: to === '/' }, pathname) !== null;
}

export function SideMenu({ entries, onNavigate, onLogout = logout }: SideMenuProps) {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="Hoofdmenu" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Toolbar sx={{ px: 2 }}>
        <Brand />
      </Toolbar>
      <Divider />
      {/* The entries scroll when they do not fit (Formulieren open on a low screen); Uitloggen stays in view. */}
      <Box sx={{ flexGrow: 1, minHeight: 0, overflowY: 'auto' }} data-testid="side-menu-entries">
        <List sx={{ px: 1 }}>
          {entries.map((entry) =>
            entry.kind === 'link' ? (
              <MenuLinkItem key={entry.to} entry={entry} active={isActive(entry.to, pathname)} onNavigate={onNavigate} />
            ) : (
              <MenuGroupItem key={entry.label} group={entry} pathname={pathname} onNavigate={onNavigate} />
            ),
          )}
        </List>
      </Box>
      <Divider />
      <List sx={{ px: 1, flexShrink: 0 }}>
        <LogoutItem onLogout={onLogout} />
      </List>
    </Box>
  );
}

function MenuLinkItem({
  entry,
  active,
  onNavigate,
  nested = false,
}: {
  entry: MenuLink;
  active: boolean;
  onNavigate: () => void;
  nested?: boolean;
}) {
  const Icon = entry.icon;
  return (
    <ListItem disablePadding sx={{ mb: 0.25 }}>
      <ListItemButton
        component={RouterLink}
        to={entry.to}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ py: 0.75, pl: nested ? 4 : undefined }}
      >
        <ListItemIcon>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={entry.label} />
        {entry.badge ? (
          <>
            <Chip size="small" color="primary" label={entry.badge.label} aria-hidden />
            <Box component="span" sx={visuallyHidden}>
              {`, ${entry.badge.description}`}
            </Box>
          </>
        ) : null}
      </ListItemButton>
    </ListItem>
  );
}

function MenuGroupItem({ group, pathname, onNavigate }: { group: MenuGroup; pathname: string; onNavigate: () => void }) {
  const listId = useId();
  const containsActive = group.items.some((item) => isActive(item.to, pathname));
  // Open while one of its pages is shown, unless the user closed it.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? containsActive;
  const Icon = group.icon;
  return (
    <>
      <ListItem disablePadding sx={{ mb: 0.25 }}>
        <ListItemButton aria-expanded={open} aria-controls={listId} onClick={() => setToggled(!open)} sx={{ py: 0.75 }}>
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={group.label} />
          {open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
        </ListItemButton>
      </ListItem>
      <Collapse component="li" in={open} timeout="auto">
        <List id={listId} disablePadding>
          {group.items.map((item) => (
            <MenuLinkItem
              key={item.to}
              entry={item}
              active={isActive(item.to, pathname)}
              onNavigate={onNavigate}
              nested
            />
          ))}
        </List>
      </Collapse>
    </>
  );
}

function LogoutItem({ onLogout }: { onLogout: () => Promise<void> }) {
  const [loggingOut, setLoggingOut] = useState(false);
  return (
    <ListItem disablePadding>
      <ListItemButton
        sx={{ py: 0.75 }}
        disabled={loggingOut}
        onClick={() => {
          setLoggingOut(true);
          void onLogout();
        }}
      >
        <ListItemIcon>
          {loggingOut ? <CircularProgress size={20} aria-hidden /> : <Logout fontSize="small" />}
        </ListItemIcon>
        <ListItemText primary="Uitloggen" />
      </ListItemButton>
    </ListItem>
  );
}
