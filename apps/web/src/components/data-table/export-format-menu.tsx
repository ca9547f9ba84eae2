import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ExportFormat } from '@portal/contract';

export interface ExportFormatMenuProps {
  id: string;
  anchor: HTMLElement;
  formats: readonly { format: ExportFormat; label: string }[];
  onChoose: (format: ExportFormat) => void;
  onClose: () => void;
}

/** The export's choice of file format: fetched as Exporteren is first pressed, so that no table screen carries MUI's Menu. */
export default function ExportFormatMenu({ id, anchor, formats, onChoose, onClose }: ExportFormatMenuProps) {
  return (
    <Menu id={id} anchorEl={anchor} open onClose={onClose}>
      {formats.map(({ format, label }) => (
        <MenuItem key={format} onClick={() => onChoose(format)}>
          {label}
        </MenuItem>
      ))}
    </Menu>
  );
}
