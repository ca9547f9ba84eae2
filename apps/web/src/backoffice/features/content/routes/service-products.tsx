import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { formatEuro } from '@/lib/format';
import { backofficePaths } from '../../../paths';
import { serviceProductsQueryOptions } from '../api/content';
import { ContentPage } from '../components/content-page';
import { ServiceProductDialog } from '../components/service-product-dialog';

/** Serviceproducten: the catalogue customers order from; prices of orders already placed never change. */
export default function ServiceProductsAdminRoute() {
  const products = useQuery(serviceProductsQueryOptions());
  return (
    <ContentPage
      title={backofficePaths.serviceProducts.title}
      addLabel="Nieuw serviceproduct"
      addIcon={<AddOutlined />}
      query={products}
      loadingLabel="Serviceproducten laden…"
      emptyText="Er zijn nog geen serviceproducten."
      dialog={(product, close) => <ServiceProductDialog product={product} onClose={close} />}
      list={(items, { edit }) => (
        <Box component="ul" aria-label={backofficePaths.serviceProducts.title} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {items.map((p) => (
            <Paper component="li" variant="outlined" key={p.id} sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
              <Box sx={{ width: 64, height: 48, display: 'grid', placeItems: 'center', bgcolor: 'background.default', borderRadius: 1 }}>
                {p.imageUri ? <Box component="img" src={p.imageUri} alt="" sx={{ maxWidth: 64, maxHeight: 48 }} /> : null}
              </Box>
              <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
                <Typography sx={{ fontWeight: 500 }}>{p.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {p.articleCode} · {p.price === null ? 'Prijs op aanvraag' : formatEuro(p.price)}
                </Typography>
              </Box>
              {p.isActive ? <Chip size="small" color="success" label="Bestelbaar" /> : <Chip size="small" label="Niet bestelbaar" />}
              <Button size="small" variant="outlined" onClick={() => edit(p)} aria-label={`${p.name} wijzigen`}>
                Wijzigen
              </Button>
            </Paper>
          ))}
        </Box>
      )}
    />
  );
}
