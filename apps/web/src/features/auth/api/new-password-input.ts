/** What the reset and activation screens submit: the token from the e-mail link and the chosen password. */
export interface NewPasswordInput {
  token: string;
  password: string;
  passwordRepeat: string;
}

/** One-time tokens are checked once per page; a re-check could only be answered differently after use. */
export const tokenCheckQueryDefaults = {
  staleTime: Infinity,
  retry: false,
  refetchOnWindowFocus: false,
} as const;
