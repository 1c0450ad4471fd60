import type { MerchantRequest } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { Field } from '../../shared/ui/field';
import { useAssignees, useSetAssignee } from './desk-api';

/** Whom the request is assigned to: a staff member of the shop, or nobody. */
export function RequestAssignee({ request }: { request: MerchantRequest }) {
  const { t } = useTranslation();
  const members = useAssignees().data ?? (request.assignee ? [request.assignee] : []);
  const assign = useSetAssignee(request.id);
  return (
    <Field label={t('request.assignee.label')} error={assign.error?.message}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          disabled={assign.isPending}
          value={request.assignee?.id ?? ''}
          onChange={(e) => assign.mutate({ assignee_id: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{t('request.assignee.nobody')}</option>
          {members.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name ? `${member.name} (${member.email})` : member.email}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
