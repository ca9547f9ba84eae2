import { maxId } from '@portal/contract';

/** An order id as a URL carries it; null when it cannot be one (then nothing is asked of the server). */
export function orderIdOf(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= maxId ? id : null;
}

