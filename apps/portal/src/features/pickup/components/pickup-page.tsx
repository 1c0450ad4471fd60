import type { OrderSource } from '@return-center/contract';
import { isBookablePickupDate, pickupAddressErrors } from '@return-center/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useOrderInfo } from '../../../shared/order-info';
import { PickupAddressCard } from '../../../shared/pickup/address-card';
import { usePickupWindow } from '../../../shared/pickup/window-query';
import { PickupPrivacyNote, PickupTimeCard } from '../../../shared/pickup/time-card';
import { pickupFormRedirect, useReturnForm, type PickupSlot } from '../../../shared/return-form';
import { useUi } from '../../../shared/ui-store';
import { FlowLayout, FlowNav } from '../../../shared/ui/flow-layout';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { InlineLoader } from '../../../shared/ui/loader';

/** The pickup the order starts with: its shipping address, the default slot and carrier; the day comes with the window. */
const seedPickup = (source: OrderSource): PickupSlot => ({
  carrier: source.pickupMethod.carrierDefault,
  timezone: '',
  address: source.pickup_address,
  date: '',
  time: source.pickupMethod.pickupTimeDefault,
});

/** "Refund pickup" (/process-manage/pickup/{id}): where and when the carrier comes, before the check step. */
export default function PickupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orderId = Number(useParams().id);
  const toast = useUi((state) => state.toast);
  const { form, update } = useReturnForm(orderId);
  const source = useOrderInfo(orderId);
  const seeded = Boolean(form.pickup);
  // The server answers when a pickup at this address can be booked, in the address's zone (not the browser's).
  const windowQuery = usePickupWindow(
    form.pickup?.address ?? source.data?.pickup_address ?? { province_code: '', zip: '' },
  );
  useEffect(() => {
    // Spec §4: seeded from the server's pickup_address only once; later visits keep the shopper's changes.
    if (!seeded && source.data) update((f) => ({ ...f, pickup: f.pickup ?? seedPickup(source.data) }));
  }, [seeded, source.data, update]);

  const elsewhere = pickupFormRedirect(form, orderId);
  if (elsewhere !== null) return <Navigate to={elsewhere} replace />;
  if (source.isError) return <LoadFailed queries={[source]} />;
  if (source.isPending || !form.pickup || windowQuery.isLoading) return <InlineLoader label={t('flow.loading')} />;
  const pickup = form.pickup;
  const range = windowQuery.data ?? null;
  // No date yet, or one chosen days ago that has passed: the card shows, and the submit sends, the next bookable one.
  const date = !range || isBookablePickupDate(pickup.date, range) ? pickup.date : range.first;
  const timezone = range?.timezone ?? '';
  const setPickup = (change: Partial<PickupSlot>) =>
    update((f) => ({ ...f, pickup: f.pickup ? { ...f.pickup, ...change } : f.pickup }));

  const next = () => {
    if (Object.keys(pickupAddressErrors(pickup.address)).length > 0 || !range || !date) {
      toast(t('flow.provideRequired'), { kind: 'error', key: 'pickup-required' });
      return;
    }
    if (date !== pickup.date || timezone !== pickup.timezone) setPickup({ date, timezone });
    void navigate(`/process-manage/refund-check/${orderId}`);
  };
  return (
    <FlowLayout step="method" title={t('pickup.pageTitle')}>
      <div className="rc-pickup">
        <PickupAddressCard address={pickup.address} onSave={(address) => setPickup({ address })} />
        <PickupTimeCard
          value={{ date, time: pickup.time }}
          timezone={timezone}
          range={range}
          slots={source.data.pickupMethod.pickupTime}
          onSave={(time) => {
            setPickup(time);
            return true;
          }}
        />
        <PickupPrivacyNote />
      </div>
      <FlowNav onBack={() => void navigate(`/process-manage/method/${orderId}`)} onContinue={next} />
    </FlowLayout>
  );
}
