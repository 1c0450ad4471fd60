import { calls } from '@return-center/contract';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useRequestDetail } from '../features/status/api/status';
import ExchangePage from '../features/exchange/components/exchange-page';
import CheckStep from '../features/return-flow/components/check-step';
import MethodStep from '../features/return-flow/components/method-step';
import SelectStep from '../features/return-flow/components/select-step';
import SolutionStep from '../features/return-flow/components/solution-step';
import { useSession } from '../shared/session-store';
import { fail, ok, type Reply } from '../test/fake-api';
import {
  chosenShirt,
  order,
  ORDER_ID,
  pickupAddress,
  reasons,
  shirt,
  shirtExchangeMoney,
  shirtVariants,
  storeForm,
} from '../test/fixtures';
import { renderRoute, setUpPortalTests } from '../test/render';
import { createQueryClient } from './query-client';
import { startFirstData } from './first-data';

const api = setUpPortalTests();

/** An answer the test gives when it chooses: what the server has not answered yet cannot start the calls after it. */
function held(reply: Reply) {
  let release = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  return {
    handler: async () => {
      await answered;
      return reply;
    },
    release,
  };
}

const pickupWindow = ok(calls.pickupWindow, { timezone: 'America/New_York', first: '2026-11-24', last: '2026-12-23' });

/** The status page's read of a request, with its refresh button. */
function Detail() {
  const [refreshKey, setRefreshKey] = useState(0);
  const { error } = useRequestDetail(7, refreshKey);
  return (
    <>
      <p>{error ?? 'loading'}</p>
      <button type="button" onClick={() => setRefreshKey((key) => key + 1)}>
        Refresh
      </button>
    </>
  );
}

/** The exchange pages' answers: the order held until the test releases it, the money, the shirt and its stock. */
function exchangeAnswers() {
  const orderAnswer = held(ok(calls.orderInfo, order));
  api.on(calls.orderInfo, orderAnswer.handler);
  api.on(calls.getReturnMoney, shirtExchangeMoney());
  api.on(calls.getVariantList, ok(calls.getVariantList, shirtVariants));
  const [mediumWhite] = shirtVariants.list[0]?.variants ?? [];
  if (!mediumWhite) throw new Error('The shirt has no variants');
  api.on(calls.getVariantIdByOption, ok(calls.getVariantIdByOption, mediumWhite));
  return orderAnswer;
}

describe('first data (the calls a first screen waits for, started with the app)', () => {
  it('asks for step 1’s order and reasons before the step draws, and the step draws from them without asking again', async () => {
    api.on(calls.orderInfo, ok(calls.orderInfo, order));
    api.on(calls.getReason, ok(calls.getReason, reasons));
    const client = createQueryClient();
    startFirstData(client, `/process-manage/select/${String(ORDER_ID)}`);
    await waitFor(() => expect(api.bodiesOf(calls.getReason)).toEqual([{ lang: 'en' }]));
    expect(api.bodiesOf(calls.orderInfo)).toEqual([{ order_id: ORDER_ID }]);

    renderRoute('process-manage/select/:id', `/process-manage/select/${String(ORDER_ID)}`, <SelectStep />, client);
    expect(await screen.findByRole('checkbox', { name: 'Linen shirt / M' })).toBeTruthy();
    expect(api.bodiesOf(calls.orderInfo)).toHaveLength(1);
    expect(api.bodiesOf(calls.getReason)).toHaveLength(1);
  });

  it('asks for step 2’s solutions for the stored lines, and the order only when a bank transfer starts from its account', async () => {
    storeForm({ order_product: { [501]: chosenShirt } });
    const offered = { returnSolution: [{ id: 1, name: 'Refund', description: '' }] };
    api.on(calls.orderConfig, ok(calls.orderConfig, offered));
    api.on(calls.orderInfo, ok(calls.orderInfo, order));
    const client = createQueryClient();
    startFirstData(client, `/process-manage/solution/${String(ORDER_ID)}`);
    await waitFor(() =>
      expect(api.bodiesOf(calls.orderConfig)).toEqual([
        { order_id: ORDER_ID, refund_line_items: [{ line_item_id: 501, quantity: 2, reason_id: 2 }] },
      ]),
    );

    renderRoute(
      'process-manage/solution/:id',
      `/process-manage/solution/${String(ORDER_ID)}`,
      <SolutionStep />,
      client,
    );
    expect(await screen.findByRole('radio', { name: /Refund to original payment method/ })).toBeTruthy();
    expect(api.bodiesOf(calls.orderConfig)).toHaveLength(1);
    expect(api.bodiesOf(calls.orderInfo)).toEqual([]);

    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 6 });
    startFirstData(createQueryClient(), `/process-manage/solution/${String(ORDER_ID)}`);
    await waitFor(() => expect(api.bodiesOf(calls.orderInfo)).toEqual([{ order_id: ORDER_ID }]));
  });

  it('asks for step 3’s methods for the stored lines and solution beside its order, and the step draws from both', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 1 });
    const offered = { returnShippingMethod: [{ id: 2, fee: 0, name: 'Ship on your own', description: '' }] };
    api.on(calls.orderConfig, ok(calls.orderConfig, offered));
    const orderAnswer = held(ok(calls.orderInfo, order));
    api.on(calls.orderInfo, orderAnswer.handler);
    const client = createQueryClient();
    startFirstData(client, `/process-manage/method/${String(ORDER_ID)}`);
    await waitFor(() =>
      expect(api.bodiesOf(calls.orderConfig)).toEqual([
        {
          order_id: ORDER_ID,
          refund_line_items: [{ line_item_id: 501, quantity: 2, reason_id: 2 }],
          solution_id: 1,
        },
      ]),
    );
    orderAnswer.release();

    renderRoute('process-manage/method/:id', `/process-manage/method/${String(ORDER_ID)}`, <MethodStep />, client);
    expect(await screen.findByRole('heading', { name: 'How would you like to return item?' })).toBeTruthy();
    expect(api.bodiesOf(calls.orderInfo)).toHaveLength(1);
    expect(api.bodiesOf(calls.orderConfig)).toHaveLength(1);
  });

  it('asks for step 4’s refund beside its order, not once the order has come, and the step draws from both', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 1, shipping_method_id: 2 });
    const orderAnswer = held(ok(calls.orderInfo, order));
    api.on(calls.orderInfo, orderAnswer.handler);
    api.on(calls.getReturnMoney, shirtExchangeMoney({ refund: 8000 }));
    const client = createQueryClient();
    startFirstData(client, `/process-manage/refund-check/${String(ORDER_ID)}`);
    await waitFor(() =>
      expect(api.bodiesOf(calls.getReturnMoney)).toEqual([
        {
          order_id: ORDER_ID,
          refund_line_items: [{ line_item_id: 501, quantity: 2, reason_id: 2 }],
          solution_id: 1,
          shipping_method_id: 2,
        },
      ]),
    );
    orderAnswer.release();

    renderRoute(
      'process-manage/refund-check/:id',
      `/process-manage/refund-check/${String(ORDER_ID)}`,
      <CheckStep />,
      client,
    );
    expect(await screen.findByRole('heading', { name: 'Check your return request' })).toBeTruthy();
    expect(api.bodiesOf(calls.orderInfo)).toHaveLength(1);
    expect(api.bodiesOf(calls.getReturnMoney)).toHaveLength(1);
  });

  it('asks for the pickup window of the stored address beside the order, or of the order’s address once it came', async () => {
    const pickupSlot = { carrier: 'USPS', timezone: '', address: pickupAddress, date: '', time: '9-11' };
    storeForm({ order_product: { [501]: chosenShirt }, shipping_method_id: 4, pickup: pickupSlot });
    const orderAnswer = held(ok(calls.orderInfo, { ...order, pickup_address: { ...pickupAddress, zip: '10001' } }));
    api.on(calls.orderInfo, orderAnswer.handler);
    api.on(calls.pickupWindow, pickupWindow);
    const client = createQueryClient();
    startFirstData(client, `/process-manage/pickup/${String(ORDER_ID)}`);
    await waitFor(() => expect(api.bodiesOf(calls.pickupWindow)).toEqual([{ province_code: 'NY', zip: '10118' }]));

    storeForm({ order_product: { [501]: chosenShirt }, shipping_method_id: 4 });
    startFirstData(createQueryClient(), `/process-manage/pickup/${String(ORDER_ID)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.bodiesOf(calls.pickupWindow)).toHaveLength(1);
    orderAnswer.release();
    await waitFor(() => expect(api.bodiesOf(calls.pickupWindow)).toHaveLength(2));
    expect(api.bodiesOf(calls.pickupWindow)[1]).toEqual({ province_code: 'NY', zip: '10001' });
  });

  it('asks for the exchange’s money beside its order, then, for a form saved before it named the returned product, the product’s variants and the stock of the one it owns', async () => {
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 5 });
    const orderAnswer = exchangeAnswers();
    const client = createQueryClient();
    startFirstData(client, `/process-manage/exchange/${String(ORDER_ID)}`);
    await waitFor(() => expect(api.bodiesOf(calls.getReturnMoney)).toHaveLength(1));
    expect(api.bodiesOf(calls.getVariantList)).toEqual([]);
    orderAnswer.release();
    await waitFor(() =>
      expect(api.bodiesOf(calls.getVariantIdByOption)).toEqual([
        { product_id: shirt.product_id, quantity: 2, option1: 'M', option2: 'White', option3: null },
      ]),
    );
    expect(api.bodiesOf(calls.getVariantList)).toEqual([{ product_id: shirt.product_id }]);

    renderRoute(
      'process-manage/exchange/:id',
      `/process-manage/exchange/${String(ORDER_ID)}`,
      <ExchangePage />,
      client,
    );
    expect(await screen.findByRole('button', { name: 'Add to exchange' })).toBeTruthy();
    for (const call of [calls.orderInfo, calls.getReturnMoney, calls.getVariantList, calls.getVariantIdByOption])
      expect(api.bodiesOf(call)).toHaveLength(1);
  });

  it('asks for the returned product’s variants, its stock and the catalogue’s recommendations beside the order when the stored form names it', async () => {
    storeForm({
      order_product: { [501]: { ...chosenShirt, product_id: shirt.product_id, variant: shirt.variant } },
      solution_id: 5,
    });
    const orderAnswer = exchangeAnswers();
    startFirstData(createQueryClient(), `/process-manage/exchange/${String(ORDER_ID)}`);
    startFirstData(createQueryClient(), `/exchange-other-goods/${String(ORDER_ID)}`);
    await waitFor(() =>
      expect(api.bodiesOf(calls.getVariantIdByOption)).toEqual([
        { product_id: shirt.product_id, quantity: 2, option1: 'M', option2: 'White', option3: null },
      ]),
    );
    expect(api.bodiesOf(calls.getVariantList)).toEqual([
      { product_id: shirt.product_id },
      { similar_to: shirt.product_id },
    ]);
    orderAnswer.release();
  });

  it('asks for the catalogue’s recommendations as soon as the order names the returned product, and their pictures as soon as they come', async () => {
    const pictureAsked = vi.spyOn(HTMLImageElement.prototype, 'src', 'set');
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 5 });
    api.on(calls.orderInfo, ok(calls.orderInfo, order));
    api.on(calls.getReturnMoney, shirtExchangeMoney());
    api.on(calls.getVariantList, ok(calls.getVariantList, shirtVariants));
    startFirstData(createQueryClient(), `/exchange-other-goods/${String(ORDER_ID)}`);
    await waitFor(() => expect(api.bodiesOf(calls.getVariantList)).toEqual([{ similar_to: shirt.product_id }]));
    expect(api.bodiesOf(calls.getReturnMoney)).toHaveLength(1);
    await waitFor(() =>
      expect(pictureAsked.mock.calls.flat()).toEqual(shirtVariants.list.map((product) => product.image)),
    );
    pictureAsked.mockRestore();
  });

  it('asks only for the order of a pickup or exchange page the stored form does not lead to (the page sends it back)', async () => {
    api.on(calls.orderInfo, ok(calls.orderInfo, order));
    const slot = { carrier: 'USPS', timezone: '', address: pickupAddress, date: '', time: '9-11' };
    storeForm({ order_product: { [501]: chosenShirt }, solution_id: 1, shipping_method_id: 2, pickup: slot });
    startFirstData(createQueryClient(), `/process-manage/exchange/${String(ORDER_ID)}`);
    startFirstData(createQueryClient(), `/process-manage/pickup/${String(ORDER_ID)}`);
    await waitFor(() => expect(api.bodiesOf(calls.orderInfo)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.map((request) => request.path)).toEqual([calls.orderInfo.path, calls.orderInfo.path]);
  });

  it('asks step 4 for no refund while the stored form has no solution, as the step itself does not', async () => {
    api.on(calls.orderInfo, ok(calls.orderInfo, order));
    storeForm({ order_product: { [501]: chosenShirt } });
    startFirstData(createQueryClient(), `/process-manage/refund-check/${String(ORDER_ID)}`);
    await waitFor(() => expect(api.bodiesOf(calls.orderInfo)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.map((request) => request.path)).toEqual([calls.orderInfo.path]);
  });

  it('asks for nothing for a signed-out visitor, a screen without first calls or an id that is not one', async () => {
    const client = createQueryClient();
    startFirstData(client, '/process/5');
    startFirstData(client, '/process-manage/select/first');
    useSession.setState({ token: null });
    startFirstData(client, `/process-manage/select/${String(ORDER_ID)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toEqual([]);
  });

  it('gives the status page the answer its navigation asked for, and asks again on a refresh', async () => {
    api.on(calls.returnInfo, fail(calls.returnInfo, 1004, 'This return request was not found'));
    const client = createQueryClient();
    startFirstData(client, '/status-manage/return-details/7');
    await waitFor(() => expect(api.bodiesOf(calls.returnInfo)).toEqual([{ request_id: 7, code: 'en' }]));

    const { user } = renderRoute(
      'status-manage/return-details/:id?',
      '/status-manage/return-details/7',
      <Detail />,
      client,
    );
    expect(await screen.findByText('This return request was not found')).toBeTruthy();
    expect(api.bodiesOf(calls.returnInfo)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.bodiesOf(calls.returnInfo)).toHaveLength(2));
  });
});
