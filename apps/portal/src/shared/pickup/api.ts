import { calls, Code, PICKUP_COUNTRY, type PickupAddress } from '@return-center/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../http';

const answerOf = async <T>(promise: Promise<{ code: number; msg: string; data: T }>) => {
  const answer = await promise;
  if (answer.code !== Code.Success) throw new Error(answer.msg);
  return answer.data;
};

/** getRegion: the states of the United States, for the pickup address (a failure leaves the list empty, spec §8). */
export const useRegions = () =>
  useQuery({
    queryKey: ['regions', PICKUP_COUNTRY],
    queryFn: async () => (await answerOf(http.request(calls.getRegion, { country: PICKUP_COUNTRY }))).list,
    staleTime: Infinity,
  });

/**
 * pickupWindow: the days a pickup at this address can be booked, in the zone the server derives from its state and ZIP
 * (never the browser's). Waits for a state; a failure leaves no window (the card then asks for the address first).
 */
export const usePickupWindow = (address: Pick<PickupAddress, 'province_code' | 'zip'>) =>
  useQuery({
    queryKey: ['pickup-window', address.province_code, address.zip],
    queryFn: async () =>
      answerOf(
        http.request(calls.pickupWindow, { province_code: address.province_code, zip: address.zip }, { quiet: true }),
      ),
    enabled: address.province_code.trim() !== '',
    // The window moves by days; a page left open across midnight asks again within the hour.
    staleTime: 3_600_000,
  });

/** map/search: places matching what the shopper typed (at least 3 characters); a failure finds nothing. */
export const useAddressSearch = (text: string) =>
  useQuery({
    queryKey: ['map-search', text],
    queryFn: async () =>
      (await answerOf(http.request(calls.mapSearch, { search: text, country: PICKUP_COUNTRY }, { quiet: true })))
        .map_search,
    enabled: text.trim().length >= 3,
    placeholderData: keepPreviousData,
    staleTime: 300_000,
  });

/** map/detail: the chosen place's street, city, ZIP and state; null when there is none. */
export const placeDetail = async (placeId: string) =>
  (await answerOf(http.request(calls.mapDetail, { place_id: placeId }, { quiet: true }))).map_address[0]?.detail ??
  null;

/** pickupAddressValidate: the server's verdict before a save (`code` 1000 when the carrier can come there). */
export const validateAddress = async (address: PickupAddress) =>
  answerOf(http.request(calls.pickupAddressValidate, address, { quiet: true }));

/** pickupUpdate: a submitted return's new pickup; `code` 1000 when it was saved. */
export const updatePickup = async (payload: Parameters<typeof http.request<typeof calls.pickupUpdate>>[1]) =>
  answerOf(http.request(calls.pickupUpdate, payload, { quiet: true }));
