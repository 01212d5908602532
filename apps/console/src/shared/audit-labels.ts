import type { TFunction } from 'i18next';

/**
 * The audit trail's codes (actions, target types, fields, status values) in
 * the operator's language. A code the console has no label for yet (one a
 * newer server records) shows as itself rather than as nothing.
 */
const labelOf = (t: TFunction, key: string, code: string): string => t(key, { defaultValue: code });

export const auditActionLabel = (t: TFunction, action: string): string => labelOf(t, `audit.actions.${action}`, action);

export const auditTargetLabel = (t: TFunction, targetType: string): string => labelOf(t, `audit.targets.${targetType}`, targetType);

export const auditFieldLabel = (t: TFunction, field: string): string => labelOf(t, `audit.fields.${field}`, field);

/** "verification." selects every verification action. */
export const auditFamilyLabel = (t: TFunction, family: string): string => t('audit.allOf', { family: labelOf(t, `audit.families.${family}`, family) });

const CODE = /^[a-z_]+$/;

/** A recorded value: a status or a kind read out ("review" is "Under review"), anything else as written. */
export function auditValueLabel(t: TFunction, field: string, value: string): string {
  return CODE.test(value) ? labelOf(t, `audit.values.${field}.${value}`, value) : value;
}
