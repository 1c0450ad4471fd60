import { ShippingMethodId, SolutionId } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../../shared/use-money';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useUi } from '../../../shared/ui-store';
import { InlineLoader } from '../../../shared/ui/loader';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { useOrderConfig } from '../api/calls';
import { useOrderInfo } from '../../../shared/order-info';
import { selectedLines, useReturnForm } from '../../../shared/return-form';
import { ChoiceList } from './choice-list';
import { FlowLayout, FlowNav } from '../../../shared/ui/flow-layout';

/** Step 3, "How would you like to return item?" (spec screen 5); the server applies the spec §4 rules. */
export default function MethodStep() {
  const { t } = useTranslation();
  const format = useMoney();
  const navigate = useNavigate();
  const orderId = Number(useParams().id);
  const toast = useUi((state) => state.toast);
  const { form, update } = useReturnForm(orderId);
  const lines = selectedLines(form);
  const config = useOrderConfig(orderId, lines, form.solution_id ?? undefined);
  const source = useOrderInfo(orderId);
  if (lines.length === 0 || !form.solution_id) return <Navigate to={`/process-manage/select/${orderId}`} replace />;
  if (config.isPending || source.isPending) return <InlineLoader label={t('flow.loading')} />;
  if (!config.data || !source.data) return <LoadFailed queries={[config, source]} />;
  const currency = source.data.total_price_set;
  const methods = config.data.returnShippingMethod ?? [];
  const chosen = methods.some((m) => m.id === form.shipping_method_id) ? form.shipping_method_id : null;

  const next = () => {
    if (!chosen) {
      toast(t('flow.chooseMethod'), { kind: 'error', key: 'choose-method' });
      return;
    }
    const next = chosen === ShippingMethodId.CarrierPickup ? 'pickup' : 'refund-check';
    void navigate(`/process-manage/${next}/${orderId}`);
  };
  return (
    <FlowLayout step="method" title={t('flow.methodTitle')}>
      <ChoiceList
        legend={t('flow.methodTitle')}
        value={chosen}
        onChange={(id) => update((f) => ({ ...f, shipping_method_id: id }))}
        choices={methods.map((m) => ({
          id: m.id,
          label: t(`methods.${m.id}`, { defaultValue: m.name }),
          hint: [
            t(`methodHints.${m.id}`, { defaultValue: m.description }),
            m.fee ? t('flow.fee', { amount: format(m.fee, currency.currency, currency.currency_format) }) : '',
          ]
            .filter(Boolean)
            .join(' · '),
        }))}
      />
      <FlowNav
        onBack={() => {
          const previous = form.solution_id === SolutionId.Exchange ? 'exchange' : 'solution';
          void navigate(`/process-manage/${previous}/${orderId}`);
        }}
        onContinue={next}
      />
    </FlowLayout>
  );
}
