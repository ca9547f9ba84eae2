import { z } from 'zod';

/** The problem document every 4xx answer carries: ASP.NET's shape, with `errors` per field for a 400. */
export const problemDocument = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ProblemDocument = z.infer<typeof problemDocument>;
