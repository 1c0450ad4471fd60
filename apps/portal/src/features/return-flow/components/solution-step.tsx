import { SolutionId } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useUi } from '../../../shared/ui-store';
import { InlineLoader } from '../../../shared/ui/loader';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { useOrderConfig } from '../api/calls';
import { selectedLines, useReturnForm } from '../../../shared/return-form';
import { ChoiceList } from './choice-list';
import { FlowLayout, FlowNav } from '../../../shared/ui/flow-layout';

/** Step 2, "Please select a return solution" (spec screen 4). */
export default function SolutionStep() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orderId = Number(useParams().id);
  const toast = useUi((state) => state.toast);
  const { form, update } = useReturnForm(orderId);
  const lines = selectedLines(form);
  const config = useOrderConfig(orderId, lines);
  if (lines.length === 0) return <Navigate to={`/process-manage/select/${orderId}`} replace />;
  if (config.isPending) return <InlineLoader label={t('flow.loading')} />;
  if (!config.data) return <LoadFailed queries={[config]} />;
  // The server offers what this order and selection may use; the portal shows exactly that, and a choice stored
  // earlier that it no longer offers counts as no choice.
  const solutions = config.data.returnSolution ?? [];
  const chosen = solutions.some((s) => s.id === form.solution_id) ? form.solution_id : null;

  const next = () => {
    if (!chosen) {
      toast(t('flow.chooseSolution'), { kind: 'error', key: 'choose-solution' });
      return;
    }
    // An exchange first asks what the shopper gets instead.
    void navigate(`/process-manage/${chosen === SolutionId.Exchange ? 'exchange' : 'method'}/${orderId}`);
  };
  return (
    <FlowLayout step="solution" title={t('flow.solutionTitle')}>
      <ChoiceList
        legend={t('flow.solutionTitle')}
        value={chosen}
        onChange={(id) =>
          update((f) => ({
            ...f,
            solution_id: id,
            shipping_method_id: null,
            exchange_items: id === SolutionId.Exchange ? f.exchange_items : [],
          }))
        }
        choices={solutions.map((s) => ({
          id: s.id,
          label: t(`solutions.${s.id}`, { defaultValue: s.name }),
          hint: t(`solutionHints.${s.id}`, { defaultValue: s.description }),
        }))}
      />
      <FlowNav onBack={() => void navigate(`/process-manage/select/${orderId}`)} onContinue={next} />
    </FlowLayout>
  );
}
