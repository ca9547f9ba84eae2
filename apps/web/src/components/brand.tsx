import MedicationOutlined from '@mui/icons-material/MedicationOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { productName } from '@/lib/paths';

/** The product's mark and name, as the auth cards and the side menu show it. */
export function Brand() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 36,
          height: 36,
          borderRadius: 2,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <MedicationOutlined fontSize="small" />
      </Box>
      <Typography component="span" sx={{ fontSize: '1.25rem', fontWeight: 600, color: 'primary.dark' }}>
        {productName}
      </Typography>
    </Box>
  );
}
