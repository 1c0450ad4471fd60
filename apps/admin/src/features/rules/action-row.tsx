import type { Locale, RuleAction } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import type { IdOptions } from './condition-row';
import { MessageInput } from './message-input';
import { ACTION_TYPES, actionFor } from './rule-words';
import { CheckGroup, CheckInput, NumberInput, SelectInput, TextInput } from './value-inputs';

type Address = Extract<RuleAction, { type: 'return_address' }>['address'];
type Waiver = ('exchange' | 'store_credit')[];

interface Props {
  action: RuleAction;
  onChange: (action: RuleAction) => void;
  onRemove: () => void;
  currency: string;
  ids: IdOptions;
  /** The shop's return address: where a new "another address" action starts from. */
  shopAddress: Address;
  /** The shop's languages other than English, for a message's versions. */
  languages: readonly Locale[];
  errorOf: (field: string) => string | undefined;
  name: string;
}

/** One action: what the rule does, and the inputs that kind of action takes. */
export function ActionRow(props: Props) {
  const { action, onChange, onRemove, currency, ids, shopAddress, languages, errorOf, name } = props;
  const { t } = useTranslation();
  const set = (change: object) => onChange({ ...action, ...change });
  const waiver = (value: Waiver) => (
    <CheckGroup
      legend={t('rules.editor.waive')}
      options={[
        ['exchange', t('rules.editor.waiveExchange')],
        ['store_credit', t('rules.editor.waiveCredit')],
      ]}
      value={value}
      onChange={(waive_for) => set({ waive_for })}
    />
  );
  const idGroup = (options: IdOptions['solution'], value: number[]) => (
    <CheckGroup
      legend={t('rules.editor.value')}
      error={errorOf('ids')}
      options={options}
      value={value}
      onChange={(chosen) => set({ ids: chosen })}
    />
  );
  return (
    <fieldset className="rule-row">
      <legend className="visually-hidden">{name}</legend>
      <SelectInput
        label={t('rules.editor.type')}
        value={action.type}
        options={ACTION_TYPES.map((type) => [type, t(`rules.action.${type}`)] as const)}
        onChange={(type) => onChange(actionFor(type, shopAddress))}
      />
      {action.type === 'deny' || action.type === 'auto_reject' ? (
        <MessageInput
          message={action.message}
          languages={languages}
          errorOf={errorOf}
          onChange={(message) => set({ message })}
        />
      ) : null}
      {action.type === 'window' ? (
        <NumberInput
          label={t('rules.editor.windowDays')}
          value={action.days}
          hint={t('rules.editor.windowDaysHint')}
          error={errorOf('days')}
          onChange={(days) => set({ days })}
        />
      ) : null}
      {action.type === 'offer_solutions' || action.type === 'hide_solutions' ? idGroup(ids.solution, action.ids) : null}
      {action.type === 'offer_methods' || action.type === 'hide_methods' ? idGroup(ids.method, action.ids) : null}
      {action.type === 'require_photos' ? (
        <NumberInput
          label={t('rules.editor.minPhotos')}
          value={action.min}
          error={errorOf('min')}
          onChange={(min) => set({ min })}
        />
      ) : null}
      {action.type === 'return_shipping_fee' ? (
        <>
          <NumberInput
            label={t('rules.editor.amount', { currency })}
            value={action.amount}
            currency={currency}
            error={errorOf('amount')}
            onChange={(amount) => set({ amount })}
          />
          {waiver(action.waive_for)}
        </>
      ) : null}
      {action.type === 'restocking_fee' ? (
        <>
          <SelectInput
            label={t('rules.editor.mode')}
            value={action.mode}
            options={[
              ['percent', t('rules.editor.modePercent')],
              ['fixed', t('rules.editor.modeFixed')],
            ]}
            onChange={(mode) => set({ mode })}
          />
          <NumberInput
            label={action.mode === 'percent' ? t('rules.editor.percent') : t('rules.editor.amount', { currency })}
            value={action.value}
            currency={action.mode === 'fixed' ? currency : undefined}
            error={errorOf('value')}
            onChange={(value) => set({ value })}
          />
          <SelectInput
            label={t('rules.editor.per')}
            value={action.per}
            options={[
              ['request', t('rules.editor.perRequest')],
              ['item', t('rules.editor.perItem')],
            ]}
            onChange={(per) => set({ per })}
          />
          {waiver(action.waive_for)}
        </>
      ) : null}
      {action.type === 'bonus_credit' ? (
        <>
          <SelectInput
            label={t('rules.editor.mode')}
            value={action.bonus.type}
            options={[
              ['percent', t('rules.editor.modePercent')],
              ['fixed', t('rules.editor.modeFixed')],
            ]}
            onChange={(type) => set({ bonus: { ...action.bonus, type } })}
          />
          <NumberInput
            label={action.bonus.type === 'percent' ? t('rules.editor.percent') : t('rules.editor.amount', { currency })}
            value={action.bonus.value}
            currency={action.bonus.type === 'fixed' ? currency : undefined}
            error={errorOf('bonus.value')}
            onChange={(value) => set({ bonus: { ...action.bonus, value } })}
          />
          <NumberInput
            label={t('rules.editor.bonusMax', { currency })}
            value={action.bonus.max}
            currency={currency}
            error={errorOf('bonus.max')}
            onChange={(max) => set({ bonus: { ...action.bonus, max } })}
          />
        </>
      ) : null}
      {action.type === 'keep_item' ? (
        <CheckInput label={t('rules.editor.keep')} checked={action.allow} onChange={(allow) => set({ allow })} />
      ) : null}
      {action.type === 'flag' || action.type === 'block' ? (
        <TextInput
          label={t('rules.editor.reason')}
          value={action.reason}
          error={errorOf('reason')}
          onChange={(reason) => set({ reason })}
        />
      ) : null}
      {action.type === 'auto_refund' ? (
        <SelectInput
          label={t('rules.editor.when')}
          value={action.when}
          options={[
            ['received', t('rules.editor.whenReceived')],
            ['first_scan', t('rules.editor.whenScan')],
            ['approved', t('rules.editor.whenApproved')],
          ]}
          onChange={(when) => set({ when })}
        />
      ) : null}
      {action.type === 'instant_exchange' ? (
        <>
          <CheckInput
            label={t('rules.editor.instantOffer')}
            checked={action.offer}
            onChange={(offer) => set({ offer })}
          />
          {action.offer ? (
            <SelectInput
              label={t('rules.editor.holdRelease')}
              value={action.release_on}
              options={[
                ['received', t('rules.editor.whenReceived')],
                ['first_scan', t('rules.editor.whenScan')],
              ]}
              onChange={(release_on) => set({ release_on })}
            />
          ) : null}
        </>
      ) : null}
      {action.type === 'return_address' ? (
        <fieldset>
          <legend>{t('rules.editor.address')}</legend>
          {(['name', 'address1', 'address2', 'city', 'province_code', 'zip', 'country_code'] as const).map((key) => (
            <TextInput
              key={key}
              label={t(`settings.field.return_address.${key}`)}
              value={action.address[key]}
              error={errorOf(`address.${key}`)}
              onChange={(value) => set({ address: { ...action.address, [key]: value } })}
            />
          ))}
        </fieldset>
      ) : null}
      {action.type === 'tag' ? (
        <TextInput
          label={t('rules.editor.tag')}
          value={action.tag}
          error={errorOf('tag')}
          onChange={(tag) => set({ tag })}
        />
      ) : null}
      <button type="button" className="button secondary small" onClick={onRemove}>
        {t('rules.editor.removeAction')}
      </button>
    </fieldset>
  );
}
