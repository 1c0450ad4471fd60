import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfig } from './config-store';
import { formatTimestamp, type DateOptions } from './date';
import { useSession } from './session-store';

/** Formats a timestamp (seconds) in the shop's chosen date and time format, in the shopper's language. */
export function useDate() {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const config = useConfig((state) => state.config);
  return useCallback(
    (seconds: number, options: DateOptions = {}) =>
      formatTimestamp(seconds, language, {
        dateFormat: config?.date_format,
        timeFormat: config?.time_format,
        at: t('app.at'),
        ...options,
      }),
    [language, config, t],
  );
}
