import { useSearchParams } from 'react-router';
import { tokenQueryParameter } from '@/lib/paths';

/** The one-time token of an e-mail link (`?token=…`), or null when the link carries none. */
export function useTokenParameter(): string | null {
  const [searchParams] = useSearchParams();
  const token = searchParams.get(tokenQueryParameter)?.trim();
  return token ? token : null;
}
