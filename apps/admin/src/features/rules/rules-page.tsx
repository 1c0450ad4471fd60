import { DEFAULT_LANGUAGE } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { methodName, METHODS, solutionName, SOLUTIONS } from '../../shared/labels';
import { useSignedIn } from '../../shared/session';
import { useSettings } from '../../shared/settings-query';
import { Failed, Loading, Page } from '../../shared/ui/page';
import { RulesEditor } from './rules-editor';
import { fetchRules, RULES_KEY } from './rules-api';
import type { IdOptions } from './condition-row';
import './rules.css';

/** The Rules page (issue 32): the shop's ordered rules, their editor, the block lists and the simulator. */
export function Component() {
  const { t } = useTranslation();
  const rules = useQuery({ queryKey: RULES_KEY, queryFn: fetchRules });
  const settings = useSettings();
  const session = useSignedIn();
  if (rules.data && settings.data) {
    const shop = settings.data.settings;
    const ids: IdOptions = {
      reason: shop.reasons.map((reason) => [reason.id, reason.text] as const),
      reason_group: [...new Set(shop.reasons.map((reason) => reason.group_id))].map(
        (id) => [id, t('rules.group', { id })] as const,
      ),
      solution: SOLUTIONS.map((id) => [id, solutionName(t, id)] as const),
      method: METHODS.map((id) => [id, methodName(t, id)] as const),
    };
    return (
      <RulesEditor
        initial={rules.data}
        ids={ids}
        shopAddress={shop.return_address}
        languages={shop.lang_list.filter((code) => code !== DEFAULT_LANGUAGE)}
        currency={session.shop.currency}
        editable={session.account.role === 'owner'}
        reload={async () => (await rules.refetch()).data}
      />
    );
  }
  const failed = rules.error ?? settings.error;
  return (
    <Page title={t('rules.title')}>
      {failed ? (
        <Failed message={failed.message} retry={() => void rules.refetch()} />
      ) : (
        <Loading label={t('common.loading')} />
      )}
    </Page>
  );
}
