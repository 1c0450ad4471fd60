import {
  ITEM_CONDITIONS,
  ITEM_REASON_MAX,
  receiveBody,
  type ItemCondition,
  type ItemOutcome,
  type MerchantRequest,
  type ReceiveBody,
} from '@return-center/contract';
import { useTranslation } from 'react-i18next';

/** Some units of an item as the desk is inspecting them, as typed. */
export interface UnitGroup {
  quantity: string;
  condition: ItemCondition;
  restock: boolean;
  outcome: ItemOutcome;
  reason: string;
}
/** The groups of each item, by its line id. */
export type InspectionDraft = Record<number, UnitGroup[]>;

const fresh = (quantity: number): UnitGroup => ({
  quantity: String(quantity),
  condition: 'as_new',
  restock: true,
  outcome: 'accepted',
  reason: '',
});

/** Every item received in full, as new, accepted and back in stock, until the desk says otherwise. */
export const startDraft = (request: MerchantRequest): InspectionDraft =>
  Object.fromEntries(request.items.map((item) => [item.line_item_id, [fresh(item.quantity)]]));

/** The receive body the contract takes for the draft, or null while a quantity is not a whole number above zero. */
export function draftBody(draft: InspectionDraft): ReceiveBody | null {
  const items = Object.entries(draft).flatMap(([line, groups]) =>
    groups.map((group) => ({
      line_item_id: Number(line),
      quantity: /^\d+$/.test(group.quantity.trim()) ? Number(group.quantity.trim()) : NaN,
      condition: group.condition,
      restock: group.outcome === 'accepted' && group.restock,
      outcome: group.outcome,
      reason: group.reason,
    })),
  );
  const parsed = receiveBody.safeParse({ items });
  return parsed.success ? (parsed.data ?? {}) : null;
}

/**
 * The inspection at receipt (issue 33): for each item, groups of units with how many came back, their condition,
 * accepted or rejected with a reason, and whether accepted units go back on sale. The server checks the rest.
 */
export function InspectionForm({
  request,
  draft,
  onChange,
}: {
  request: MerchantRequest;
  draft: InspectionDraft;
  onChange: (draft: InspectionDraft) => void;
}) {
  const { t } = useTranslation();
  const set = (line: number, groups: UnitGroup[]) => onChange({ ...draft, [line]: groups });
  return (
    <div className="inspection">
      {request.items.map((item) => {
        const groups = draft[item.line_item_id] ?? [];
        const name = item.variant_title ? `${item.title} / ${item.variant_title}` : item.title;
        const change = (index: number, patch: Partial<UnitGroup>) =>
          set(
            item.line_item_id,
            groups.map((group, i) => (i === index ? { ...group, ...patch } : group)),
          );
        return (
          <fieldset key={item.line_item_id} className="inspect-item">
            <legend>{t('request.inspect.item', { item: name, count: item.quantity })}</legend>
            {groups.map((group, index) => {
              const n = index + 1;
              const rejected = group.outcome === 'rejected';
              return (
                <fieldset key={n} className="unit-group">
                  <legend>{t('request.inspect.group', { n })}</legend>
                  <label>
                    {t('request.inspect.units')}
                    <input
                      inputMode="numeric"
                      size={3}
                      value={group.quantity}
                      onChange={(e) => change(index, { quantity: e.target.value })}
                    />
                  </label>
                  <label>
                    {t('request.inspect.condition')}
                    <select
                      value={group.condition}
                      onChange={(e) => change(index, { condition: e.target.value as ItemCondition })}
                    >
                      {ITEM_CONDITIONS.map((condition) => (
                        <option key={condition} value={condition}>
                          {t(`request.condition.${condition}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    {t('request.inspect.decision')}
                    <select
                      value={group.outcome}
                      onChange={(e) => change(index, { outcome: e.target.value as ItemOutcome })}
                    >
                      <option value="accepted">{t('request.outcome.accepted')}</option>
                      <option value="rejected">{t('request.outcome.rejected')}</option>
                    </select>
                  </label>
                  <label className="check">
                    <input
                      type="checkbox"
                      checked={!rejected && group.restock}
                      disabled={rejected}
                      onChange={(e) => change(index, { restock: e.target.checked })}
                    />
                    {t('request.inspect.restock')}
                  </label>
                  <label>
                    {rejected ? t('request.inspect.reasonRequired') : t('request.inspect.reason')}
                    <input
                      maxLength={ITEM_REASON_MAX}
                      required={rejected}
                      value={group.reason}
                      onChange={(e) => change(index, { reason: e.target.value })}
                    />
                  </label>
                  {groups.length > 1 ? (
                    <button
                      type="button"
                      className="button secondary small"
                      onClick={() =>
                        set(
                          item.line_item_id,
                          groups.filter((_, i) => i !== index),
                        )
                      }
                    >
                      {t('request.inspect.remove', { n })}
                    </button>
                  ) : null}
                </fieldset>
              );
            })}
            <button
              type="button"
              className="button secondary"
              onClick={() => set(item.line_item_id, [...groups, { ...fresh(1), restock: false }])}
            >
              {t('request.inspect.split', { item: name })}
            </button>
          </fieldset>
        );
      })}
    </div>
  );
}
