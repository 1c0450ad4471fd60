import { DEFAULT_BANK_REFUND_CURRENCY, isBankRefundCurrency, SolutionId } from '@return-center/contract';
import { normalizeIban } from '@return-center/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useUi } from '../../../shared/ui-store';
import { InlineLoader } from '../../../shared/ui/loader';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { useOrderConfig } from '../api/calls';
import { selectedLines, useReturnForm } from '../../../shared/return-form';
import { ChoiceList } from './choice-list';
import { BankForm, bankErrors, createPayee, type BankDetails } from './bank-form';
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
  const [bank, setBank] = useState<BankDetails>(() => {
    const [name = '', ...rest] = (form.wise?.name ?? '').split(' ');
    const stored = form.wise?.currency ?? '';
    const currency = isBankRefundCurrency(stored) ? stored : DEFAULT_BANK_REFUND_CURRENCY;
    return { name, surname: rest.join(' '), iban: form.wise?.iban ?? '', currency, details: '' };
  });
  const [bankChecked, setBankChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  if (lines.length === 0) return <Navigate to={`/process-manage/select/${orderId}`} replace />;
  if (config.isPending) return <InlineLoader label={t('flow.loading')} />;
  if (!config.data) return <LoadFailed queries={[config]} />;
  // The server offers what this order and selection may use; the portal shows exactly that, and a choice stored
  // earlier that it no longer offers counts as no choice.
  const solutions = config.data.returnSolution ?? [];
  const chosen = solutions.some((s) => s.id === form.solution_id) ? form.solution_id : null;

  /** Solution 6 first makes the payee account; the same details as last time keep the account made then. */
  const bankPayee = async () => {
    setBankChecked(true);
    if (Object.keys(bankErrors(bank)).length > 0) {
      toast(t('flow.provideRequired'), { kind: 'error', key: 'bank' });
      return false;
    }
    const name = `${bank.name.trim()} ${bank.surname.trim()}`;
    const same = form.wise?.name === name && form.wise.iban === normalizeIban(bank.iban);
    if (same && form.wise?.currency === bank.currency) return true;
    setSaving(true);
    const made = await createPayee(orderId, bank).catch(() => ({ error: t('flow.submitFailed') }));
    setSaving(false);
    if ('error' in made) {
      toast(made.error, { kind: 'error', key: 'bank' });
      return false;
    }
    update((f) => ({ ...f, wise: made.payee }));
    return true;
  };

  const next = async () => {
    if (!chosen) {
      toast(t('flow.chooseSolution'), { kind: 'error', key: 'choose-solution' });
      return;
    }
    if (chosen === SolutionId.BankTransfer && !(await bankPayee())) return;
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
            wise: id === SolutionId.BankTransfer ? f.wise : null,
          }))
        }
        choices={solutions.map((s) => ({
          id: s.id,
          label: t(`solutions.${s.id}`, { defaultValue: s.name }),
          hint: t(`solutionHints.${s.id}`, { defaultValue: s.description }),
        }))}
      />
      {chosen === SolutionId.BankTransfer ? (
        <BankForm value={bank} onChange={setBank} showErrors={bankChecked} />
      ) : null}
      <FlowNav
        onBack={() => void navigate(`/process-manage/select/${orderId}`)}
        onContinue={() => void next()}
        busy={saving}
        continueLabel={saving ? t('bank.saving') : undefined}
      />
    </FlowLayout>
  );
}
