import type { FastifyInstance } from 'fastify';
import type { ImperfectionVariant } from '@portal/contract';
import type { ReportDeps, ReportVariant } from './report-variant.js';
import { alkmaarReport } from './alkmaar-report.js';
import { apeldoornReport } from './apeldoorn-report.js';
import { basicReport } from './basic-report.js';
import { oosterwoldeReport } from './oosterwolde-report.js';

/** Every imperfection report variant, each described once in its own file. */
export const reportVariants: readonly ReportVariant[] = [basicReport, oosterwoldeReport, apeldoornReport, alkmaarReport];

export interface ImperfectionReportDeps extends ReportDeps {
  /** The variants the deployment profile offers; the calls of the others do not exist (404). */
  variants: readonly ImperfectionVariant[];
}

/** The imperfection report forms (basic and the site variants) with their catalogues and dropdown data. */
export function registerImperfectionReportRoutes(app: FastifyInstance, deps: ImperfectionReportDeps) {
  for (const variant of reportVariants) {
    if (deps.variants.includes(variant.name)) variant.register(app, deps);
  }
}
