import { DELETE_CONFIRMATION_WORD, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@ztart/shared/patterns';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The values the validation messages name. */
const PARAMS: Readonly<Record<string, Record<string, string | number>>> = {
  'validation:passwordMin': { min: PASSWORD_MIN_LENGTH },
  'validation:passwordMax': { max: PASSWORD_MAX_LENGTH },
  'validation:deleteConfirmation': { word: DELETE_CONFIRMATION_WORD },
};

const FALLBACK_KEY = 'validation:invalid_value';

/** Translates a field error key; a key this build does not know reads as a generic "not valid". */
export function useFieldMessage(): (key: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation(['validation', 'errors']);
  return useCallback(
    (key) => {
      if (!key) return undefined;
      const known = i18n.exists(key) ? key : FALLBACK_KEY;
      // Keys come from schemas and server answers at run time, so they are checked, not typed.
      return t(known as typeof FALLBACK_KEY, PARAMS[known]);
    },
    [t, i18n],
  );
}
