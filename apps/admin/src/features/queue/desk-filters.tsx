import { merchantUrl, requestStaffRoutes } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../shared/api';
import type { QueueFilters } from './queue-filters';

interface Props {
  filters: QueueFilters;
  update: (change: QueueFilters) => void;
}

/** The desk's filters: a tag (the rules' or staff's) and whom requests are assigned to (me, nobody, a person). */
export function DeskFilters({ filters, update }: Props) {
  const { t } = useTranslation();
  const members =
    useQuery({
      queryKey: ['assignees'],
      queryFn: () => get(merchantUrl(requestStaffRoutes.assignees), requestStaffRoutes.assignees.answer),
      staleTime: 60_000,
    }).data ?? [];
  return (
    <div className="toolbar" role="group" aria-label={t('queue.deskFilters')}>
      <label className="filter">
        <span>{t('queue.tag')}</span>
        <input
          type="search"
          defaultValue={filters.tag ?? ''}
          onKeyDown={(e) => {
            if (e.key === 'Enter') update({ tag: e.currentTarget.value.trim().toLowerCase() });
          }}
          onBlur={(e) => update({ tag: e.currentTarget.value.trim().toLowerCase() })}
        />
      </label>
      <label className="filter">
        <span>{t('queue.assignee')}</span>
        <select value={filters.assignee ?? ''} onChange={(e) => update({ assignee: e.target.value })}>
          <option value="">{t('queue.anyone')}</option>
          <option value="me">{t('queue.mine')}</option>
          <option value="none">{t('queue.unassigned')}</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name || member.email}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
