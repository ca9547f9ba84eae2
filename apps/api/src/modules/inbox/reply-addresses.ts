import { createHmac, timingSafeEqual } from 'node:crypto';
import type { InboxItemKind } from '@portal/contract';

/**
 * The reply address of an inbox item (issue 30.3): `antwoord+f123.<mac>@<domain>` for submission 123 (`b` for a
 * service order). The mac is an HMAC of the item and its customer under a key of the portal's own: an address
 * cannot be guessed or turned into another item's, and needs no table. No domain configured: no reply addresses
 * (customers reply in the portal).
 */
export interface ItemOfAddress {
  itemKind: InboxItemKind;
  id: number;
  mac: string;
}

const kindLetters: Record<InboxItemKind, string> = { Submission: 'f', ServiceOrder: 'b' };
const MAC_LENGTH = 24;

export class ReplyAddresses {
  private readonly key: Buffer;

  constructor(
    secret: string,
    readonly domain: string | null,
  ) {
    this.key = createHmac('sha256', secret).update('inbox-reply-addresses').digest();
  }

  private mac(item: { itemKind: InboxItemKind; id: number; customerId: string }): string {
    return createHmac('sha256', this.key).update(`${item.itemKind}:${item.customerId}:${item.id}`).digest('hex').slice(0, MAC_LENGTH);
  }

  /** The item's reply address; null without a domain. */
  of(item: { itemKind: InboxItemKind; id: number; customerId: string }): string | null {
    return this.domain ? `antwoord+${kindLetters[item.itemKind]}${item.id}.${this.mac(item)}@${this.domain}` : null;
  }

  /** The item an address names, unchecked; null for any other address (another domain, another form). */
  parse(address: string): ItemOfAddress | null {
    if (!this.domain) return null;
    const match = /^antwoord\+([fb])(\d{1,10})\.([0-9a-f]+)@(.+)$/i.exec(address.trim());
    if (!match || match[4]!.toLowerCase() !== this.domain.toLowerCase()) return null;
    const id = Number(match[2]);
    if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
    return { itemKind: match[1]!.toLowerCase() === 'f' ? 'Submission' : 'ServiceOrder', id, mac: match[3]!.toLowerCase() };
  }

  /** Whether the address's mac is the item's, given the item's customer (compared in constant time). */
  verify(parsed: ItemOfAddress, customerId: string): boolean {
    const expected = Buffer.from(this.mac({ ...parsed, customerId }));
    const given = Buffer.from(parsed.mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
