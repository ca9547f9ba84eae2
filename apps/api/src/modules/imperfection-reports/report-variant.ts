import type { FastifyInstance } from 'fastify';
import type { CallDefinition, ImperfectionVariant, ParsedBodyOf, ResponseOf } from '@portal/contract';
import type { Db } from '../../db/database.js';
import type { Tx } from '../../db/tenancy.js';
import type { PortalDoor } from '../../doors/portal.js';
import type { FormSubmission } from '../request-forms/submissions.model.js';
import { fileLine } from '../request-forms/submissions.mails.js';
import { submitForm } from '../request-forms/submissions.service.js';

/** What a variant's rules make of a report: what is stored, and what the quality department's mail says. */
export interface AcceptedReport {
  /** stored whole; its patient and photo are checked to be the customer's own */
  payload: Record<string, unknown> & { patientId?: number | null; imageGuid?: string | null };
  /** the mail's subject and first line; 'Melding onvolkomenheden' unless the report says otherwise */
  title?: string;
  /** the mail's lines (the patient, the free texts and the photo withheld); every variant's mail ends with the photo */
  lines: FormSubmission['lines'];
}

/** One imperfection report variant of the deployment profiles, described once. */
export interface ReportVariantSpec<Report extends CallDefinition, Choices extends CallDefinition> {
  name: ImperfectionVariant;
  /** its report call */
  call: Report;
  /** the call of its choices (catalogue, dropdown data), the same for every customer, where it has one */
  choices: { call: Choices; read: (db: Db) => Promise<ResponseOf<Choices>> } | null;
  /** The rules beyond the contract's schema, checked against the catalogues; a refusal is a 400 on its field. */
  accept: (report: ParsedBodyOf<Report>, tx: Tx) => Promise<AcceptedReport>;
}

export interface ReportDeps {
  db: Db;
  /** the provider's quality department, which handles imperfection reports */
  qualityMailAddress: string;
  /** the portal's address, for the mail's link to the item in the back-office */
  publicUrl: string;
}

/** A variant ready to register, whatever its calls' types. */
export interface ReportVariant {
  name: ImperfectionVariant;
  /** registers its calls at the portal's door, in `scope`: the variant's own, which checks the customer's site */
  register: (portal: PortalDoor, scope: FastifyInstance, deps: ReportDeps) => void;
}

/**
 * Describes a variant once; its calls are registered alike: the choices read outside any customer's
 * transaction, the report checked, stored, mailed and audited in the customer's unit of work.
 */
export function reportVariant<Report extends CallDefinition, Choices extends CallDefinition>(
  spec: ReportVariantSpec<Report, Choices>,
): ReportVariant {
  return {
    name: spec.name,
    register: (portal, scope, deps) => {
      const { choices } = spec;
      // The kinds stored since the first release: the basic form's is plain 'Imperfection'.
      const kind = spec.name === 'Basic' ? 'Imperfection' : `Imperfection${spec.name}`;
      // Registered as plain calls: each call's own schemas validate and shape what passes (the spec's types
      // were checked where the variant was described).
      if (choices) portal.admitted<CallDefinition>(choices.call, () => choices.read(deps.db), { scope });
      portal.call<CallDefinition>(
        spec.call,
        async ({ body, ...work }) => {
          // validated with spec.call's own body schema: the variant's report
          const accepted = await spec.accept(body as ParsedBodyOf<Report>, work.tx);
          return submitForm(work, {
            kind,
            payload: accepted.payload,
            patient: accepted.payload.patientId ? { field: 'patientId', patientId: accepted.payload.patientId } : null,
            files: accepted.payload.imageGuid ? [{ field: 'imageGuid', fileGuid: accepted.payload.imageGuid, purposes: ['Photo'] }] : [],
            to: deps.qualityMailAddress,
            title: accepted.title ?? 'Melding onvolkomenheden',
            lines: (attached) => [...accepted.lines(attached), ['Foto', fileLine(attached.files, 'imageGuid', 'Geen foto')]],
          }, deps.publicUrl);
        },
        { scope },
      );
    },
  };
}
