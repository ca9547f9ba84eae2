import { useLazyComponent, type ComponentModule } from '@/components/lazy-component';
import type { SavedReplyPickerProps } from './saved-reply-picker';

const loadPicker: ComponentModule<SavedReplyPickerProps> = () => import('./saved-reply-picker');

/**
 * The answer form's saved replies (issue 30.4), fetched after the item shows: an aid, not the item, so the item's
 * page loads without its select menu and dialog (the route's budget). Nothing shows until it is there.
 */
export function SavedReplyChoice(props: SavedReplyPickerProps) {
  const { component: Picker } = useLazyComponent(loadPicker);
  return Picker ? <Picker {...props} /> : null;
}
