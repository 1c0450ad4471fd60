import { calls } from '@return-center/contract';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useRequestDetail } from '../features/status/api/status';
import SelectStep from '../features/return-flow/components/select-step';
import { useSession } from '../shared/session-store';
import { fail, ok } from '../test/fake-api';
import { order, ORDER_ID, reasons } from '../test/fixtures';
import { renderRoute, setUpPortalTests, testQueryClient } from '../test/render';
import { startFirstData } from './first-data';

const api = setUpPortalTests();

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

describe('first data (the calls a first screen waits for, started with the app)', () => {
  it('asks for step 1’s order and reasons before the step draws, and the step draws from them without asking again', async () => {
    api.on(calls.orderInfo, ok(calls.orderInfo, order));
    api.on(calls.getReason, ok(calls.getReason, reasons));
    const client = testQueryClient();
    startFirstData(client, `/process-manage/select/${String(ORDER_ID)}`);
    await waitFor(() => expect(api.bodiesOf(calls.getReason)).toEqual([{ lang: 'en' }]));
    expect(api.bodiesOf(calls.orderInfo)).toEqual([{ order_id: ORDER_ID }]);

    renderRoute('process-manage/select/:id', `/process-manage/select/${String(ORDER_ID)}`, <SelectStep />, client);
    expect(await screen.findByRole('checkbox', { name: 'Linen shirt / M' })).toBeTruthy();
    expect(api.bodiesOf(calls.orderInfo)).toHaveLength(1);
    expect(api.bodiesOf(calls.getReason)).toHaveLength(1);
  });

  it('asks for the order of the exchange and its catalogue as their navigation starts', async () => {
    api.on(calls.orderInfo, ok(calls.orderInfo, order));
    const client = testQueryClient();
    startFirstData(client, `/process-manage/exchange/${String(ORDER_ID)}`);
    startFirstData(client, '/exchange-other-goods/5');
    await waitFor(() => expect(api.bodiesOf(calls.orderInfo)).toHaveLength(2));
    expect(api.bodiesOf(calls.orderInfo)).toEqual(expect.arrayContaining([{ order_id: ORDER_ID }, { order_id: 5 }]));
  });

  it('asks for nothing for a signed-out visitor, a screen without first calls or an id that is not one', async () => {
    const client = testQueryClient();
    startFirstData(client, '/process-manage/solution/5');
    startFirstData(client, '/process-manage/select/first');
    useSession.setState({ token: null });
    startFirstData(client, `/process-manage/select/${String(ORDER_ID)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests).toEqual([]);
  });

  it('gives the status page the answer its navigation asked for, and asks again on a refresh', async () => {
    api.on(calls.returnInfo, fail(calls.returnInfo, 1004, 'This return request was not found'));
    const client = testQueryClient();
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
