import type { calls, PickupAddress } from '@return-center/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../http';
import { callRoute } from '../http/call-route';
import { dataOf } from '../http/data-of';

const pickupWindow = callRoute<typeof calls.pickupWindow>('POST', 'v1', 'pickupWindow');

/**
 * pickupWindow: the days a pickup at this address can be booked, in the zone the server derives from its state and ZIP
 * (never the browser's). Waits for a state; a failure leaves no window (the card then asks for the address first).
 * By its route, so that the router can start it (app/first-data.ts).
 */
export const pickupWindowQuery = (address: Pick<PickupAddress, 'province_code' | 'zip'>) =>
  queryOptions({
    queryKey: ['pickup-window', address.province_code, address.zip],
    queryFn: () =>
      dataOf(http.request(pickupWindow, { province_code: address.province_code, zip: address.zip }, { quiet: true })),
    enabled: address.province_code.trim() !== '',
    // The window moves by days; a page left open across midnight asks again within the hour.
    staleTime: 3_600_000,
  });

export const usePickupWindow = (address: Pick<PickupAddress, 'province_code' | 'zip'>) =>
  useQuery(pickupWindowQuery(address));
