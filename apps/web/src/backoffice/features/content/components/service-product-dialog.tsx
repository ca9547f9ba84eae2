import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { contentText, feedback, type CatalogueItem } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { failureMessage } from '@/lib/form-errors';
import { backofficeKey } from '../../../lib/staff-api';
import { serviceProductsKey, uploadServiceProductPicture, useSaveServiceProduct } from '../api/content';
import { fieldErrorOf } from './field-errors';

/** '12,50' or '12.50' as euros; '' as no price; anything else as not a price. */
function parsePrice(text: string): number | null | 'invalid' {
  const t = text.trim().replace(/\s|€/g, '');
  if (t === '') return null;
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(t)) return 'invalid';
  return Number(t.replace(',', '.'));
}

/** A service product made or changed: code, name, description, price or none, orderable, order, picture. */
export function ServiceProductDialog({ product, onClose }: { product: CatalogueItem | null; onClose: (saved: string | null) => void }) {
  const [form, setForm] = useState({
    articleCode: product?.articleCode ?? '',
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product?.price === null || product?.price === undefined ? '' : product.price.toFixed(2).replace('.', ','),
    isActive: product?.isActive ?? true,
    sortOrder: String(product?.sortOrder ?? 100),
  });
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  const save = useSaveServiceProduct();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const error = save.error;
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }));

  const submit = () => {
    const price = parsePrice(form.price);
    if (price === 'invalid') return setPriceError(contentText.priceInvalid);
    setPriceError(null);
    save.mutate(
      { id: product?.id ?? null, articleCode: form.articleCode, name: form.name, description: form.description, price, isActive: form.isActive, sortOrder: Number(form.sortOrder) || 0 },
      {
        onSuccess: ({ id }) => void afterSave(id),
      },
    );
  };
  const afterSave = async (id: number) => {
          if (picture) {
            setUploading(true);
            try {
              await uploadServiceProductPicture(id, picture);
            } catch (e) {
              setPictureError(e instanceof ApiError ? e.problem.title : contentText.pictureType);
              return;
            } finally {
              setUploading(false);
              await queryClient.invalidateQueries({ queryKey: [...backofficeKey, ...serviceProductsKey] });
            }
          }
          onClose(`${form.name} is opgeslagen.`);
  };
  const field = (name: 'articleCode' | 'name' | 'description', label: string, extra = {}) => (
    <TextField label={label} value={form[name]} onChange={set(name)} required fullWidth error={Boolean(fieldErrorOf(error, name))} helperText={fieldErrorOf(error, name)} {...extra} />
  );
  return (
    <Dialog open onClose={() => onClose(null)} aria-labelledby="product-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="product-dialog-title">{product ? `${product.name} wijzigen` : 'Nieuw serviceproduct'}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {error && !['articleCode', 'name', 'description', 'price'].some((f) => fieldErrorOf(error, f)) && (
            <Alert severity="error">{failureMessage(error, feedback.serverError)}</Alert>
          )}
          {field('articleCode', 'Artikelcode')}
          {field('name', 'Naam')}
          {field('description', 'Omschrijving', { multiline: true, minRows: 3 })}
          <TextField label="Prijs (euro, excl. btw)" value={form.price} onChange={set('price')} fullWidth error={Boolean(priceError ?? fieldErrorOf(error, 'price'))} helperText={priceError ?? fieldErrorOf(error, 'price') ?? 'Leeg: prijs op aanvraag'} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
          <TextField label="Volgorde" value={form.sortOrder} onChange={set('sortOrder')} fullWidth slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <FormControlLabel control={<Switch checked={form.isActive} onChange={(e) => setForm((f) => ({ ...f, isActive: e.target.checked }))} />} label="Bestelbaar" />
          <Box>
            <Button variant="outlined" component="label">
              Afbeelding kiezen (png of jpeg)
              <input hidden type="file" accept="image/png,image/jpeg" onChange={(e) => setPicture(e.target.files?.[0] ?? null)} />
            </Button>
            {picture && <Box component="span" sx={{ ml: 1 }}>{picture.name}</Box>}
            {pictureError && <Alert severity="error" sx={{ mt: 1 }}>{pictureError}</Alert>}
            {!picture && product?.imageUri && <Box component="img" src={product.imageUri} alt={`Huidige afbeelding van ${product.name}`} sx={{ display: 'block', mt: 1, maxWidth: 160, maxHeight: 120 }} />}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(null)} disabled={save.isPending || uploading}>
          Annuleren
        </Button>
        <Button variant="contained" loading={save.isPending || uploading} onClick={submit}>
          Opslaan
        </Button>
      </DialogActions>
    </Dialog>
  );
}
