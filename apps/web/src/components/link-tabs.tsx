import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface LinkTab {
  /** The address the tab opens; also its key. */
  to: string;
  label: ReactNode;
  /** Shown before the label (a warning the tab carries). */
  icon?: ReactNode;
  /** The tab's colour when it warns, chosen or not. */
  color?: string;
}

const keyMoves: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * A row of tabs that are links, each part of a screen a route of its own (Koppelingen's Importruns and Webhooks).
 * A tab list as WAI-ARIA's tabs pattern has it: one tab in the tab order (the open one), the arrow keys, Home and End
 * move between them, Enter opens. The portal's own rather than MUI's Tabs, whose scrolling and indicator weigh
 * about 5 kB in a route that needs neither (decision 0105); a row too wide for a phone scrolls.
 */
export function LinkTabs({ label, tabs, current, sx }: { label: string; tabs: readonly LinkTab[]; current: string | undefined; sx?: SxProps<Theme> }) {
  const focusable = tabs.some((tab) => tab.to === current) ? current : tabs[0]?.to;
  const move = (event: KeyboardEvent<HTMLElement>) => {
    const step = keyMoves[event.key];
    if (!step) return;
    const all = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const index = all.indexOf(document.activeElement as HTMLElement);
    if (index < 0) return;
    event.preventDefault();
    all[step(index, all.length)]?.focus();
  };
  return (
    <Box role="tablist" aria-label={label} onKeyDown={move} sx={[{ display: 'flex', overflowX: 'auto', borderBottom: 1, borderColor: 'divider' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {tabs.map((tab) => {
        const selected = tab.to === current;
        return (
          <ButtonBase
            key={tab.to}
            component={RouterLink}
            to={tab.to}
            role="tab"
            aria-selected={selected}
            tabIndex={tab.to === focusable ? 0 : -1}
            sx={{
              flexShrink: 0,
              gap: 1,
              minHeight: 48,
              px: 2,
              typography: 'button',
              color: tab.color ?? (selected ? 'primary.main' : 'text.secondary'),
              borderBottom: 2,
              borderColor: selected ? (tab.color ?? 'primary.main') : 'transparent',
              '&:hover': { color: tab.color ?? 'primary.main' },
            }}
          >
            {tab.icon}
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
