import { useTranslation } from 'react-i18next';
import { basePath } from '../../../shared/base-path';

/**
 * "Withdraw from contract here" (Directive 2011/83/EU Art. 11a(1), ADR 046), in the directive's words of each
 * language, prominent on the portal's first page. A plain link: the login page may be drawn without the router (the
 * entry route's budget), and `/withdraw` is a route of it; the query (`?shop=`) is kept so the same shop opens.
 */
export function WithdrawalLink() {
  const { t } = useTranslation();
  return (
    <p className="rc-withdraw-link">
      <a href={`${basePath}/withdraw${window.location.search}`}>{t('withdraw.link')}</a>
      <span className="rc-note">{t('withdraw.linkHint')}</span>
    </p>
  );
}
