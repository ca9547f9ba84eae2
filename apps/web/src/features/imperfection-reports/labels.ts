import {
  basicComplaintType,
  basicComplaintTypeLabels,
  contactWay,
  contactWayLabels,
  imperfectionImpact,
  imperfectionImpactLabels,
  imperfectionLocation,
  imperfectionLocationLabels,
} from '@portal/contract';
import type { Choice } from '@/components/form/choice-fields';

const choices = <T extends string>(values: readonly T[], labels: Record<T, string>): Choice[] =>
  values.map((value) => ({ value, label: labels[value] }));

/** Who discovered the fault (the product's entities: the basic and the Oosterwolde form word them differently). */
export const discovererChoices = {
  basic: choices(imperfectionLocation.options, imperfectionLocationLabels.basic),
  oosterwolde: choices(imperfectionLocation.options, imperfectionLocationLabels.oosterwolde),
};

export const basicComplaintTypeChoices = choices(basicComplaintType.options, basicComplaintTypeLabels);
export const impactChoices = choices(imperfectionImpact.options, imperfectionImpactLabels);
export const contactWayChoices = choices(contactWay.options, contactWayLabels);

/** The value of a complaint kind or nature of complaint that asks for a description in words. */
export const otherChoice = 'Other';
