import { staffSession, staffSessionStorageKey, type StaffSession } from '@portal/contract';
import { createSessionStore } from '@/lib/session-store';

/** The back-office session of a provider staff member: a store of its own, apart from any customer session. */
const store = createSessionStore(staffSessionStorageKey, staffSession);

export const getStaffSession = (): StaffSession | null => store.get();
export const setStaffSession = (session: StaffSession): void => store.set(session);
export const clearStaffSession = (): void => store.clear();
export const useStaffSession = (): StaffSession | null => store.useSession();
