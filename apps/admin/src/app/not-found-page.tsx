import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../shared/ui/page';

export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t('notFound.title')}>
      <p>{t('notFound.body')}</p>
      <Link to="/">{t('notFound.back')}</Link>
    </Page>
  );
}
