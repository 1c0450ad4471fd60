import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRequest, signedIn } from '../../test/fixtures';
import { merchantRoute, ok } from '../../test/fake-server';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const ID = 31;
const note = {
  id: 1,
  author: 'Sam Desk',
  author_email: 'sam@trail.example',
  body: 'Parcel looked opened',
  at: 1_760_000_100,
};

function openRequest(request = merchantRequest()) {
  signedIn(server);
  server.on(merchantRoute('get', ID), ok(merchantRoute('get', ID), request));
  return renderConsole(`/requests/${String(ID)}`);
}

describe('the desk on a request', () => {
  it('lists internal notes with their author and adds one', async () => {
    server.on(
      merchantRoute('addNote', ID),
      ok(
        merchantRoute('addNote', ID),
        merchantRequest({ notes: [note, { ...note, id: 2, author: 'Olive Owner', body: 'Refund after check' }] }),
      ),
    );
    const { user } = openRequest(merchantRequest({ notes: [note] }));
    const notes = within(await screen.findByRole('region', { name: 'Internal notes' }));
    expect(notes.getByText('Parcel looked opened')).toBeTruthy();
    expect(notes.getByText(/Sam Desk/)).toBeTruthy();
    await user.type(notes.getByRole('textbox', { name: 'Add a note' }), 'Refund after check');
    await user.click(notes.getByRole('button', { name: 'Save note' }));
    expect(await notes.findByText('Refund after check')).toBeTruthy();
    expect(server.sentTo(merchantRoute('addNote', ID)).map((r) => r.body)).toEqual([{ body: 'Refund after check' }]);
    expect(notes.getByRole<HTMLTextAreaElement>('textbox', { name: 'Add a note' }).value).toBe('');
  });

  it("assigns the request to a member and edits its staff tags, keeping the rules' tags", async () => {
    const assigned = merchantRequest({ assignee: { id: 7, name: 'Sam Desk', email: 'sam@trail.example' } });
    server.on(merchantRoute('setAssignee', ID), ok(merchantRoute('setAssignee', ID), assigned));
    const tagged = merchantRequest({
      tags: ['auto'],
      staff_tags: [{ tag: 'vip', added_by: 'console:owner@trail.example', at: 1 }],
    });
    server.on(merchantRoute('setTags', ID), (request) =>
      ok(
        merchantRoute('setTags', ID),
        (request.body as { tags: string[] }).tags.length ? tagged : merchantRequest({ tags: ['auto'] }),
      ),
    );
    const { user } = openRequest(merchantRequest({ tags: ['auto'] }));
    const desk = within(await screen.findByRole('region', { name: 'Desk' }));
    const select = desk.getByRole('combobox', { name: 'Assigned to' });
    await desk.findByRole('option', { name: 'Sam Desk (sam@trail.example)' });
    await user.selectOptions(select, 'Sam Desk (sam@trail.example)');
    expect(server.sentTo(merchantRoute('setAssignee', ID)).map((r) => r.body)).toEqual([{ assignee_id: 7 }]);

    await user.type(desk.getByRole('textbox', { name: 'Add a tag' }), ' VIP {Enter}');
    expect(await desk.findByRole('button', { name: 'Remove tag vip' })).toBeTruthy();
    expect(server.sentTo(merchantRoute('setTags', ID)).map((r) => r.body)).toEqual([{ tags: ['vip'] }]);
    expect(screen.getByText('Tags: auto')).toBeTruthy();
    await user.click(desk.getByRole('button', { name: 'Remove tag vip' }));
    await expect.poll(() => desk.queryByRole('button', { name: 'Remove tag vip' })).toBeNull();
    expect(server.sentTo(merchantRoute('setTags', ID)).at(-1)?.body).toEqual({ tags: [] });

    await user.type(desk.getByRole('textbox', { name: 'Add a tag' }), 'no%way{Enter}');
    expect(desk.getByText('A tag is 1 to 40 letters, digits, spaces, - or _')).toBeTruthy();
    expect(server.sentTo(merchantRoute('setTags', ID))).toHaveLength(2);
  });

  it("shows the shopper's other returns with links, their count and what was refunded", async () => {
    const history = {
      count: 2,
      refunded: 5000,
      currency: 'USD',
      requests: [
        { id: 20, rma: 'RMA-000020', order_no: '#1020', status: 5, refund: 5000, created_at: 1_759_000_000 },
        { id: 12, rma: 'RMA-000012', order_no: '#1012', status: 3, refund: 0, created_at: 1_758_000_000 },
      ],
    };
    openRequest(merchantRequest({ history }));
    const section = within(await screen.findByRole('region', { name: "Shopper's other returns" }));
    expect(section.getByText('2 other returns here, $50.00 refunded')).toBeTruthy();
    expect(section.getByRole('link', { name: 'RMA-000020 · #1020' }).getAttribute('href')).toBe('/requests/20');
    expect(section.getByRole('link', { name: 'RMA-000012 · #1012' })).toBeTruthy();
  });
});
