import type { SubmissionReceipt } from '@portal/contract';
import type { ComponentType } from 'react';
import type { FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import type { FieldOf } from '@/lib/forms/payload-resolver';

/** What a variant's field sections are given: the server's choices, the form, and a way to hold the submit. */
export interface SectionsProps<TValues extends FieldValues, TData, TPayload> {
  data: TData;
  form: UseFormReturn<TValues, TData, TPayload>;
  /** Told while the photo uploads, so that the form holds its submit until it is in. */
  onUploadingChange: (uploading: boolean) => void;
}

/**
 * One imperfection report variant, described once (the product's entities, states and validation rules): its contract call (the resolver judges by
 * the call's schema, `send` makes the call), the form's default values, where a payload field's message shows,
 * its texts and its field sections. One shell, ReportForm, renders every variant.
 */
export interface ReportVariant<TValues extends FieldValues, TData, TPayload> {
  /** id of the form's heading, which names the form */
  headingId: string;
  intro: string;
  /** The introduction names the provider's quality department (its telephone number and e-mail address). */
  namesQualityContact?: boolean;
  submitLabel: string;
  succeededMessage: string;
  failedMessage: string;
  defaultValues: TValues;
  /** The payload from the values, judged by the call's schema and the variant's rules (the data is the context). */
  resolver: Resolver<TValues, TData, TPayload>;
  fieldOf: FieldOf<TValues>;
  send: (payload: TPayload) => Promise<SubmissionReceipt>;
  /** After a refused submit the first field in error scrolls into view, with a pause (the Apeldoorn form). */
  scrollToError?: boolean;
  Sections: ComponentType<SectionsProps<TValues, TData, TPayload>>;
}
