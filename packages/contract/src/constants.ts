/** Business constants and limits of the product's constants and limits. */
export const pageSizeOptions = [10, 20, 50, 100] as const;

export const tableDefaults = {
  invoices: { sortBy: 'processedMonth', descending: true, rowsPerPage: 20 },
  products: { sortBy: 'longName', descending: false, rowsPerPage: 20 },
  packingOrders: { sortBy: 'orderDate', descending: true, rowsPerPage: 20 },
  calendar: { sortBy: 'facility', descending: false, rowsPerPage: 100 },
  pharmacists: { sortBy: 'accountId', descending: true, rowsPerPage: 30 },
  serviceProductOrders: { sortBy: 'serviceProductOrderId', descending: true, rowsPerPage: 30, shownPerPage: 5 },
} as const;

export const searchDebounceMs = 1000;
export const patientSearch = { debounceMs: 1000, minCharacters: 2, rollRequestHintCharacters: 3, maxResults: 25 };

export const passwordPolicy = {
  minLength: 8,
  maxLength: 128,
  /** at least one uppercase letter, one lowercase letter and one digit */
  pattern: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).+$/,
} as const;

export const rollRequest = { maxWeeks: 12, partWeeks: 4 } as const;
export const dayLengthMs = 86_400_000;
export const photoRecommendation = { maxBytes: 20 * 1024 * 1024, types: ['image/jpeg', 'image/png'] } as const;
export const uploadLimits = { maxBytes: 20 * 1024 * 1024, maxImagePixels: 40_000_000 } as const;
export const oosterwoldeDefaults = { batchNumber: 'M0' } as const;
export const apeldoornDefaults = { crateAmount: 0 } as const;
export const orderAmount = { maxDigits: 3, min: 1, max: 999 } as const;
export const delays = { categoryWatcherMs: 100, scrollToErrorMs: 500 } as const;

/** The key under which the web app keeps the session in localStorage. */
export const sessionStorageKey = 'spits-portal.session';
