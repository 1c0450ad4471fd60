import { Code, ShippingMethodId, TOAST_DURATIONS, type CheckInfo } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { PickupAddressCard } from '../../../shared/pickup/address-card';
import { updatePickup } from '../../../shared/pickup/api';
import { usePickupWindow } from '../../../shared/pickup/window-query';
import { PickupPrivacyNote, PickupTimeCard } from '../../../shared/pickup/time-card';
import type { PickupSlot } from '../../../shared/return-form';
import { useUi } from '../../../shared/ui-store';

/**
 * The pickup of a submitted return: editable until the parcel is picked up (pickupUpdate, "Modified successfully" or
 * "Modification failure" for 2 s), read-only after.
 */
export function PickupSection({ detail, onChanged }: { detail: CheckInfo; onChanged: () => void }) {
  const { t } = useTranslation();
  const toast = useUi((state) => state.toast);
  // The days a change may move it to, in the address's zone; asked only while it may change.
  const address = detail.pickup?.changeable ? detail.pickup.address : null;
  const range = usePickupWindow({ province_code: address?.province_code ?? '', zip: address?.zip ?? '' }).data ?? null;
  if (!detail.pickup || detail.shipping_method_id !== ShippingMethodId.CarrierPickup) return null;
  const editable = detail.pickup.changeable;
  const current: PickupSlot = {
    carrier: detail.pickupMethod?.carrierDefault ?? '',
    timezone: detail.pickup.timezone,
    address: detail.pickup.address,
    date: detail.pickup.date,
    time: detail.pickup.time,
  };
  const save = async (change: Partial<PickupSlot>) => {
    const answer = await updatePickup({ request_id: detail.id, pickup: { ...current, ...change } }).catch(() => null);
    const saved = answer?.code === Code.Success;
    toast(t(saved ? 'pickup.saved' : 'pickup.saveFailed'), {
      kind: saved ? 'success' : 'error',
      key: 'pickup-update',
      duration: TOAST_DURATIONS.short,
    });
    if (saved) onChanged();
    return saved;
  };
  return (
    <div className="rc-pickup">
      <PickupAddressCard
        address={current.address}
        onSave={editable ? (address) => void save({ address }) : undefined}
      />
      <PickupTimeCard
        value={{ date: current.date, time: current.time }}
        timezone={current.timezone}
        range={range}
        slots={detail.pickupMethod?.pickupTime ?? {}}
        onSave={editable ? (time) => save(time) : undefined}
      />
      <PickupPrivacyNote />
    </div>
  );
}
