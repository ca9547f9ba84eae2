import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { contentText, servicePictureRule, type CatalogueItem } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useFormField } from '@/components/form/use-form-field';

/** The browser's reading of the upload rule; the server decides again by the bytes (and re-encodes). */
const fitsRule = (file: File) => (servicePictureRule.mediaTypes as readonly string[]).includes(file.type) && file.size > 0 && file.size <= servicePictureRule.maxBytes;

/** An object URL of the chosen file for as long as it is chosen. */
function usePreview(file: File | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

const frame = { display: 'block', width: 160, height: 120, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'grey.50' } as const;

/**
 * The picture chosen to go with the product, shown before it is saved beside the one it has; a file the upload
 * rule refuses is said at once (and not kept), a picture the server refuses after saving is said beneath it.
 */
export function ServiceProductPicture<T extends FieldValues & { picture: File | null }>({ product, disabled }: { product: CatalogueItem | null; disabled: boolean }) {
  const name = 'picture' as Path<T>;
  const { field, error } = useFormField<T>(name);
  const { setError, clearErrors } = useFormContext<T>();
  const picture = field.value as File | null;
  const preview = usePreview(picture);
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!fitsRule(file)) {
      field.onChange(null);
      setError(name, { type: 'rule', message: contentText.pictureType });
      return;
    }
    clearErrors(name);
    field.onChange(file);
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button variant="outlined" component="label" disabled={disabled}>
          Afbeelding kiezen (png of jpeg)
          <input
            hidden
            type="file"
            accept={servicePictureRule.mediaTypes.join(',')}
            name={field.name}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              // The same file chosen again after a refusal is a change too.
              event.target.value = '';
            }}
          />
        </Button>
        {picture && (
          <Button onClick={() => field.onChange(null)} disabled={disabled}>
            Keuze ongedaan maken
          </Button>
        )}
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      {(picture || product?.imageUri) && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
          {product?.imageUri && (
            <Box component="figure" sx={{ m: 0 }}>
              <Box component="img" src={product.imageUri} alt={`Huidige afbeelding van ${product.name}`} sx={frame} />
              <Typography component="figcaption" variant="caption" color="text.secondary">
                Huidige afbeelding
              </Typography>
            </Box>
          )}
          {picture && preview && (
            <Box component="figure" sx={{ m: 0 }}>
              <Box component="img" src={preview} alt={`Gekozen afbeelding ${picture.name}`} sx={frame} />
              <Typography component="figcaption" variant="caption" color="text.secondary">
                Nieuw: {picture.name} (na Opslaan)
              </Typography>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
