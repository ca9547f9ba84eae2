import { amsterdamDate, rollRequestDateErrors, validation, type calls, type ParsedBodyOf, type SubmissionReceipt } from '@portal/contract';
import { fieldError, fieldErrors } from '../../lib/problems.js';
import type { TenantReading, UnitOfWork } from '../../lib/unit-of-work.js';
import {
  immediateProductSubmission,
  newProductSubmission,
  offlineAssortmentSubmission,
  photoSubmission,
} from './request-forms.mails.js';
import { readSubmitter, submitForm } from './submissions.service.js';

export interface RequestFormDeps {
  /** where the request forms are mailed */
  serviceMailAddress: string;
  /** the portal's address, for the mail's link to the item in the back-office */
  publicUrl: string;
  /** now; the roll request's date limits count from today in Europe/Amsterdam */
  clock: () => Date;
}

/** The request forms (new product, rolls, photo, offline forms) and who is filing them. */
export class RequestFormService {
  constructor(private readonly deps: RequestFormDeps) {}

  async requestNewProduct(work: UnitOfWork, body: ParsedBodyOf<typeof calls.forms.requestNewProduct>): Promise<SubmissionReceipt> {
    return submitForm(work, newProductSubmission(body, this.deps.serviceMailAddress), this.deps.publicUrl);
  }

  async requestImmediateProduct(work: UnitOfWork, body: ParsedBodyOf<typeof calls.forms.requestImmediateProduct>): Promise<SubmissionReceipt> {
    const dateErrors = rollRequestDateErrors(body, amsterdamDate(this.deps.clock()));
    if (Object.keys(dateErrors).length) throw fieldErrors(dateErrors);
    return submitForm(work, immediateProductSubmission(body, this.deps.serviceMailAddress), this.deps.publicUrl);
  }

  async requestPhoto(work: UnitOfWork, body: ParsedBodyOf<typeof calls.forms.requestPhoto>): Promise<SubmissionReceipt> {
    return submitForm(work, photoSubmission(body, this.deps.serviceMailAddress), this.deps.publicUrl);
  }

  async requestOfflineAssortment(work: UnitOfWork, body: ParsedBodyOf<typeof calls.forms.requestOfflineAssortment>): Promise<SubmissionReceipt> {
    if (!body.newDepartment && !body.cureSet && !body.medicationSet) {
      throw fieldError('newDepartment', validation.offlineFormsNoneChosen);
    }
    return submitForm(work, offlineAssortmentSubmission(body, this.deps.serviceMailAddress), this.deps.publicUrl);
  }

  /** Who is filing the forms, as their header shows it. */
  async submitterDetails({ tx, claims }: TenantReading) {
    const submitter = await readSubmitter(tx, claims);
    return {
      firstName: submitter.firstName,
      middleName: submitter.middleName,
      lastName: submitter.lastName,
      emailAddress: submitter.emailAddress,
      clientCode: submitter.clientCode,
      clientName: submitter.clientName,
    };
  }
}
