import type { MerchantRequest } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { RequestAssignee } from './request-assignee';
import { RequestTags } from './request-tags';

/** Who handles the request and the desk's own tags. */
export function RequestDesk({ request }: { request: MerchantRequest }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="desk-title">
      <h2 id="desk-title">{t('request.desk')}</h2>
      <RequestAssignee request={request} />
      <RequestTags request={request} />
    </section>
  );
}
