import { z } from 'zod';
import { imperfectionVariant } from './enums.js';

/**
 * Which menu entries and imperfection variants a deployment offers. Read by the web app at run time from
 * the server (`GET /api/deployment-profile`), so one build serves every site.
 */
export const deploymentProfile = z.object({
  name: z.string(),
  showCalendar: z.boolean(),
  /** The imperfection variants that are reachable; the others redirect to `/`. */
  imperfectionVariants: z.array(imperfectionVariant),
  /**
   * The provider's quality department, as the Apeldoorn form names it in its introduction (the product's screens):
   * deployment settings QUALITY_PHONE and QUALITY_MAIL_ADDRESS. Absent from a server of the spec.
   */
  // An odd value of another server leaves it out rather than the whole profile.
  qualityContact: z.object({ phone: z.string(), email: z.string() }).optional().catch(undefined),
});
export type DeploymentProfile = z.infer<typeof deploymentProfile>;

export const deploymentProfiles = {
  default: { name: 'default', showCalendar: true, imperfectionVariants: ['Oosterwolde'] },
  oosterwolde: { name: 'oosterwolde', showCalendar: true, imperfectionVariants: ['Oosterwolde'] },
  apeldoorn: { name: 'apeldoorn', showCalendar: true, imperfectionVariants: ['Apeldoorn'] },
  alkmaar: { name: 'alkmaar', showCalendar: false, imperfectionVariants: ['Alkmaar'] },
  basic: { name: 'basic', showCalendar: true, imperfectionVariants: ['Basic'] },
} as const satisfies Record<string, DeploymentProfile>;
export type DeploymentProfileName = keyof typeof deploymentProfiles;

export const deploymentProfilePath = '/api/deployment-profile';
