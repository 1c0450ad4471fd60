import { calls, PICKUP_COUNTRY, type PickupAddress } from '@return-center/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../http';
import { dataOf } from '../http/data-of';

/** getRegion: the states of the United States, for the pickup address (a failure leaves the list empty, spec §8). */
export const useRegions = () =>
  useQuery({
    queryKey: ['regions', PICKUP_COUNTRY],
    queryFn: async () => (await dataOf(http.request(calls.getRegion, { country: PICKUP_COUNTRY }))).list,
    staleTime: Infinity,
  });

/** map/search: places matching what the shopper typed (at least 3 characters); a failure finds nothing. */
export const useAddressSearch = (text: string) =>
  useQuery({
    queryKey: ['map-search', text],
    queryFn: async () =>
      (await dataOf(http.request(calls.mapSearch, { search: text, country: PICKUP_COUNTRY }, { quiet: true })))
        .map_search,
    enabled: text.trim().length >= 3,
    placeholderData: keepPreviousData,
    staleTime: 300_000,
  });

/** map/detail: the chosen place's street, city, ZIP and state; null when there is none. */
export const placeDetail = async (placeId: string) =>
  (await dataOf(http.request(calls.mapDetail, { place_id: placeId }, { quiet: true }))).map_address[0]?.detail ?? null;

/** pickupAddressValidate: the server's verdict before a save (`code` 1000 when the carrier can come there). */
export const validateAddress = async (address: PickupAddress) =>
  dataOf(http.request(calls.pickupAddressValidate, address, { quiet: true }));

/** pickupUpdate: a submitted return's new pickup; `code` 1000 when it was saved. */
export const updatePickup = async (payload: Parameters<typeof http.request<typeof calls.pickupUpdate>>[1]) =>
  dataOf(http.request(calls.pickupUpdate, payload, { quiet: true }));
