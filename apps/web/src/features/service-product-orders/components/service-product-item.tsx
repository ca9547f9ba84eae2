import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { orderAmount, type ServiceProduct } from '@portal/contract';
import { useId, useState } from 'react';
import { PlainTextField } from '@/components/form/plain-text-field';
import { visuallyHidden } from '@/components/visually-hidden';
import { formatEuro } from '@/lib/format';
import { digitsEdit } from '@/lib/forms/digits';
import { amountError, amountOf, priceOnRequestText, rowTotal } from '../utils/order-amounts';

interface ServiceProductItemProps {
  product: ServiceProduct;
  /** What the amount box holds: at most 3 digits as typed, or an amount filled in from an earlier order. */
  amount: string;
  onAmountChange: (amount: string) => void;
  disabled: boolean;
}

const imageSize = { xs: 72, sm: 96 };

/** One orderable product: picture, article code, name, description, price excluding VAT, amount and row total. */
export function ServiceProductItem({ product, amount, onAmountChange, disabled }: ServiceProductItemProps) {
  const nameId = useId();
  const errorId = useId();
  const error = amountError(amount);
  const total = rowTotal(amountOf(amount), product.price);
  return (
    <Box
      component="li"
      aria-labelledby={nameId}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: `${imageSize.xs}px minmax(0, 1fr)`, sm: `${imageSize.sm}px minmax(0, 1fr) auto` },
        columnGap: { xs: 2, sm: 3 },
        rowGap: 1.5,
        alignItems: 'start',
        px: { xs: 2, sm: 3 },
        py: 2,
        '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <ProductImage product={product} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          <Box component="span" sx={visuallyHidden}>
            Artikelcode{' '}
          </Box>
          {product.articleCode}
        </Typography>
        <Typography id={nameId} component="h2" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
          {product.name}
        </Typography>
        {product.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
            {product.description}
          </Typography>
        )}
      </Box>
      <Box
        sx={{
          gridColumn: { xs: '1 / -1', sm: 'auto' },
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr) 5.5rem minmax(0, 1fr)', sm: '7.5rem 5.5rem 7.5rem' },
          columnGap: 2,
          alignItems: 'center',
        }}
      >
        <PriceLine label="Prijs excl. btw" value={product.price === null ? priceOnRequestText : formatEuro(product.price)} />
        <AmountField
          product={product}
          amount={amount}
          onAmountChange={onAmountChange}
          disabled={disabled}
          errorId={errorId}
        />
        <PriceLine label="Totaal excl. btw" value={total === null ? '–' : formatEuro(total)} align="right" testId="row-total" />
        {error && (
          <FormHelperText id={errorId} error sx={{ gridColumn: '1 / -1', textAlign: { sm: 'right' }, mx: 0 }}>
            {error}
          </FormHelperText>
        )}
      </Box>
    </Box>
  );
}

function PriceLine({
  label,
  value,
  align = 'left',
  testId,
}: {
  label: string;
  value: string;
  align?: 'left' | 'right';
  testId?: string;
}) {
  return (
    <Box sx={{ textAlign: align }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        component="div"
        data-testid={testId}
        aria-label={value === '–' ? `${label}: onbekend` : undefined}
        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

function AmountField({
  product,
  amount,
  onAmountChange,
  disabled,
  errorId,
}: ServiceProductItemProps & { errorId: string }) {
  const invalid = amountError(amount) !== null;
  return (
    <PlainTextField
      label="Aantal"
      size="small"
      margin="none"
      value={amount}
      disabled={disabled}
      autoComplete="off"
      error={invalid}
      onChange={(event) => {
        const next = digitsEdit(amount, event.target.value, orderAmount.maxDigits);
        if (next !== amount) onAmountChange(next);
      }}
      onFocus={(event) => event.target.select()}
      slotProps={{
        htmlInput: {
          // Which product the box is for, said by screen readers; the visible label stays short.
          'aria-label': `Aantal ${product.name}`,
          'aria-describedby': invalid ? errorId : undefined,
          inputMode: 'numeric',
          sx: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
        },
      }}
    />
  );
}

function ProductImage({ product }: { product: ServiceProduct }) {
  const [failed, setFailed] = useState(false);
  const frame = {
    width: imageSize,
    height: imageSize,
    borderRadius: 1,
    border: 1,
    borderColor: 'divider',
    bgcolor: 'grey.50',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
  } as const;
  if (!product.imageUri || failed) {
    return (
      <Box sx={frame} aria-hidden>
        <Inventory2Outlined sx={{ color: 'text.disabled', fontSize: 36 }} />
      </Box>
    );
  }
  return (
    <Box sx={frame}>
      <Box
        component="img"
        src={product.imageUri}
        alt={`Afbeelding van ${product.name}`}
        loading="lazy"
        onError={() => setFailed(true)}
        sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
      />
    </Box>
  );
}
