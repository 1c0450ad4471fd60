import {
  DEFAULT_BANK_REFUND_CURRENCY,
  isBankRefundCurrency,
  SolutionId,
  type OrderSource,
} from '@return-center/contract';
import { normalizeIban } from '@return-center/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useUi } from '../../../shared/ui-store';
import { InlineLoader } from '../../../shared/ui/loader';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { useOrderConfig } from '../api/calls';
import { useOrderInfo } from '../../../shared/order-info';
import { selectedLines, useReturnForm, wantsSavedPayee, type BankPayee } from '../../../shared/return-form';
import { ChoiceList } from './choice-list';
import { BankForm, bankErrors, createPayee, type BankDetails } from './bank-form';
import { FlowLayout, FlowNav } from '../../../shared/ui/flow-layout';

/** The bank account the shopper gave for this order before, as the server hands it back (IBAN masked); or null. */
const savedPayeeOf = (source: OrderSource | undefined): BankPayee | null =>
  source?.wise_account_id
    ? {
        iban: source.customer_wise_iban,
        name: source.customer_wise_name,
        account_id: source.wise_account_id,
        currency: source.customer_wise_currency,
      }
    : null;

/** The bank form's fields for an account: the holder's first word as the name, the rest as the surname. */
function detailsOf(payee: BankPayee | null): BankDetails {
  const [name = '', ...rest] = (payee?.name ?? '').split(' ');
  const stored = payee?.currency ?? '';
  const currency = isBankRefundCurrency(stored) ? stored : DEFAULT_BANK_REFUND_CURRENCY;
  return { name, surname: rest.join(' '), iban: payee?.iban ?? '', currency, details: '' };
}

/** Step 2, "Please select a return solution" (spec screen 4). */
export default function SolutionStep() {
  const { t } = useTranslation();
  const orderId = Number(useParams().id);
  const { form } = useReturnForm(orderId);
  const lines = selectedLines(form);
  const config = useOrderConfig(orderId, lines);
  // A bank transfer starts from the account given for this order before, if any (spec §3 customer_wise_*).
  const source = useOrderInfo(orderId, wantsSavedPayee(form));
  if (lines.length === 0) return <Navigate to={`/process-manage/select/${orderId}`} replace />;
  if (config.isPending || source.isLoading) return <InlineLoader label={t('flow.loading')} />;
  if (!config.data) return <LoadFailed queries={[config]} />;
  return (
    <SolutionChoices
      orderId={orderId}
      offered={config.data.returnSolution ?? []}
      saved={savedPayeeOf(source.data)}
      giftRecipient={config.data.gift_recipient}
    />
  );
}

function SolutionChoices({
  orderId,
  offered,
  saved,
  giftRecipient,
}: {
  orderId: number;
  offered: NonNullable<OrderSource['returnSolution']>;
  saved: BankPayee | null;
  /** The server's word on where a gift return's credit goes (ADR 044). */
  giftRecipient?: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useUi((state) => state.toast);
  const { form, update } = useReturnForm(orderId);
  const [bank, setBank] = useState<BankDetails>(() => detailsOf(form.wise ?? saved));
  const [bankChecked, setBankChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  // The server offers what this order and selection may use; the portal shows exactly that, and a choice stored
  // earlier that it no longer offers counts as no choice.
  const chosen = offered.some((s) => s.id === form.solution_id) ? form.solution_id : null;

  /** Solution 6 first makes the payee account; the same details as last time keep the account made then. */
  const bankPayee = async () => {
    setBankChecked(true);
    const name = `${bank.name.trim()} ${bank.surname.trim()}`;
    const kept = form.wise ?? saved;
    const sameIban = kept?.iban === bank.iban || kept?.iban === normalizeIban(bank.iban);
    if (kept?.name === name && sameIban && kept.currency === bank.currency) {
      if (!form.wise) update((f) => ({ ...f, wise: kept }));
      return true;
    }
    if (Object.keys(bankErrors(bank)).length > 0) {
      toast(t('flow.provideRequired'), { kind: 'error', key: 'bank' });
      return false;
    }
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
      {giftRecipient ? <p className="rc-note">{t('flow.giftRecipient', { email: giftRecipient })}</p> : null}
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
        choices={offered.map((s) => ({
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
