import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * "Withdraw from contract here" (Directive 2011/83/EU Art. 11a(1), ADR 046), in the directive's words of each
 * language, prominent on the portal's first page; it keeps the query (`?shop=`) so the same shop opens.
 */
export function WithdrawalLink() {
  const { t } = useTranslation();
  return (
    <p className="rc-withdraw-link">
      <Link to={{ pathname: '/withdraw', search: window.location.search }}>{t('withdraw.link')}</Link>
      <span className="rc-note">{t('withdraw.linkHint')}</span>
    </p>
  );
}
