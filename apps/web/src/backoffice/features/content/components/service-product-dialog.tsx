import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { backofficeContentCalls as calls, contentText, type CatalogueItem } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DialogForm } from '@/components/dialog-form';
import { FormSwitchField } from '@/components/form/switch-field';
import { FormTextField } from '@/components/form/form-text-field';
import { ApiError } from '@/lib/api-client';
import { payloadResolver } from '@/lib/forms/payload-resolver';
import { submitWith } from '@/lib/forms/submit-with';
import { backofficeKey } from '../../../lib/staff-api';
import { serviceProductsKey, uploadServiceProductPicture, useSaveServiceProduct } from '../api/content';
import { ServiceProductPicture } from './service-product-picture';

interface Values {
  articleCode: string;
  name: string;
  description: string;
  /** euros as typed ('12,50'); empty: price on request */
  price: string;
  isActive: boolean;
  sortOrder: string;
  /** uploaded once the product is saved; not part of the save */
  picture: File | null;
}

/** '12,50' or '12.50' as euros; '' as no price; anything else as not a price (the contract's message says so). */
function parsePrice(text: string): number | null | string {
  const t = text.trim().replace(/\s|€/g, '');
  if (t === '') return null;
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(t)) return text;
  return Number(t.replace(',', '.'));
}

const serverFields = ['articleCode', 'name', 'description', 'price', 'isActive', 'sortOrder'];
/** The product is the dialog's, not a field: it comes in through the form's context (none: a new one, until saved). */
const resolver = payloadResolver(calls.saveServiceProduct.body, ({ picture: _, price, sortOrder, ...values }: Values, { id }: { id: number | null }) => ({
  id,
  ...values,
  price: parsePrice(price),
  sortOrder: sortOrder === '' ? 0 : Number(sortOrder),
}));

const valuesOf = (product: CatalogueItem | null): Values => ({
  articleCode: product?.articleCode ?? '',
  name: product?.name ?? '',
  description: product?.description ?? '',
  price: product?.price === null || product?.price === undefined ? '' : product.price.toFixed(2).replace('.', ','),
  isActive: product?.isActive ?? true,
  sortOrder: String(product?.sortOrder ?? 100),
  picture: null,
});

/** A service product made or changed: code, name, description, price or none, orderable, order, picture. */
export function ServiceProductDialog({ product, onClose }: { product: CatalogueItem | null; onClose: (saved: string | null) => void }) {
  // A new product whose picture was refused is saved already: saving again changes it instead of making another.
  const [savedId, setSavedId] = useState(product?.id ?? null);
  const save = useSaveServiceProduct();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const form = useForm({ defaultValues: valuesOf(product), resolver, context: { id: savedId } });

  const afterSave = async (id: number, name: string) => {
    setSavedId(id);
    const picture = form.getValues('picture');
    if (picture) {
      setUploading(true);
      try {
        await uploadServiceProductPicture(id, picture);
      } catch (e) {
        form.setError('picture', { type: 'server', message: e instanceof ApiError ? e.problem.title : contentText.pictureType });
        return;
      } finally {
        setUploading(false);
        await queryClient.invalidateQueries({ queryKey: [...backofficeKey, ...serviceProductsKey] });
      }
    }
    onClose(`${name} is opgeslagen.`);
  };
  const onSubmit = submitWith(form, save, serverFields, {
    // The dialog closes, or stays with what was typed while its picture is refused.
    resetTo: false,
    onSuccess: ({ id }, saved) => afterSave(id, saved.name),
  });
  const busy = save.isPending || uploading;
  return (
    <Dialog open onClose={() => onClose(null)} aria-labelledby="product-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="product-dialog-title">{product ? `${product.name} wijzigen` : 'Nieuw serviceproduct'}</DialogTitle>
      <DialogForm
        form={form}
        onSubmit={onSubmit}
        // Busy while the picture goes up after the product is saved, too.
        save={{ isPending: busy, isError: save.isError, error: save.error }}
        serverFields={serverFields}
        titleId="product-dialog-title"
        onCancel={() => onClose(null)}
      >
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <FormTextField<Values> name="articleCode" label="Artikelcode" required fullWidth disabled={busy} />
            <FormTextField<Values> name="name" label="Naam" required fullWidth disabled={busy} />
            <FormTextField<Values> name="description" label="Omschrijving" required fullWidth multiline minRows={3} disabled={busy} />
            <FormTextField<Values>
              name="price"
              label="Prijs (euro, excl. btw)"
              fullWidth
              disabled={busy}
              helperText="Leeg: prijs op aanvraag"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <FormTextField<Values> name="sortOrder" label="Volgorde" fullWidth digits={7} disabled={busy} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <FormSwitchField<Values> name="isActive" label="Bestelbaar" disabled={busy} />
            <ServiceProductPicture<Values> product={product} disabled={busy} />
        </Box>
      </DialogForm>
    </Dialog>
  );
}
