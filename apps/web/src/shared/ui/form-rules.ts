import type { RuleObject } from 'antd-mobile/es/components/form';
import type { z } from 'zod';
import { t } from '../i18n/index.ts';

/**
 * Bridges the shared zod rules of packages/core into antd-mobile forms: the
 * same schema the server validates with, and its message key shown in the
 * current language.
 */
export function zodRule(schema: z.ZodType, requiredKey = 'common:validation.required', field?: string): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') {
        throw new Error(t(requiredKey, { field: field ? t(`common:fields.${field}`) : '' }));
      }
      const result = schema.safeParse(value);
      if (!result.success) {
        const message = result.error.issues[0]?.message ?? 'validation.invalid';
        throw new Error(t(`common:${message}`, { field: field ? t(`common:fields.${field}`) : '' }));
      }
    },
  };
}

/** "Required" with the field's localized name. */
export function requiredRule(field: string): RuleObject {
  return { required: true, message: t('common:validation.required', { field: t(`common:fields.${field}`) }) };
}
