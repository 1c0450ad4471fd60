import { Code, type EmailNotification, type EmailTemplate } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRoute, ok, refuse } from '../../test/fake-server';
import { ownerSession, signedIn } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const staffSession = { ...ownerSession, account: { ...ownerSession.account, role: 'staff' as const } };

const variables = [
  { name: 'store_name', description: "The shop's name", sample: 'Fernhill Supply Co.' },
  { name: 'rma', description: 'The return number', sample: 'RMA-000042' },
];
const approved: EmailNotification = {
  key: 'approved',
  title: 'Approved',
  description: 'The return is approved',
  variables,
  edited_languages: [],
};
const template: EmailTemplate = {
  key: 'approved',
  lang: 'en',
  variables,
  default: { subject: 'Your return {{ rma }} is approved', body: 'Good news.' },
  override: null,
};

function stubs() {
  server.on(merchantRoute('listEmails'), ok(merchantRoute('listEmails'), { items: [approved] }));
  server.on(merchantRoute('getEmail', 'approved'), ok(merchantRoute('getEmail'), template));
  server.on(merchantRoute('previewEmail', 'approved'), (request) => {
    const { subject } = request.body as { subject: string };
    return ok(merchantRoute('previewEmail'), {
      subject: subject.replace('{{ rma }}', 'RMA-000042'),
      text: 'Good news.',
      html: '<p>Good news.</p>',
    });
  });
}

describe('the Emails page', () => {
  it('inserts a variable at the cursor, shows a refused template at its field, then saves', async () => {
    signedIn(server);
    stubs();
    let refused = false;
    server.on(merchantRoute('saveEmail', 'approved'), (request) => {
      if (!refused) {
        refused = true;
        return refuse(422, Code.InvalidInput, 'body: undefined variable: iban', {
          errors: [{ field: 'body', message: 'undefined variable: iban, line:1, col:4' }],
        });
      }
      const { subject, body } = request.body as { subject: string; body: string };
      return ok(merchantRoute('saveEmail'), {
        ...template,
        override: { subject, body, saved_by: 'console:owner@shop.test', saved_at: 1_760_000_000 },
      });
    });
    const { user } = renderConsole('/emails');
    const editor = within(await screen.findByRole('region', { name: 'Approved' }));
    const subject = editor.getByRole('textbox', { name: 'Subject' });
    await user.clear(subject);
    await user.type(subject, 'Approved: ');
    await user.click(editor.getByRole('button', { name: 'Insert rma' }));
    expect(subject).toHaveProperty('value', 'Approved: {{ rma }}');
    expect(await screen.findByText('Approved: RMA-000042')).toBeTruthy();

    await user.click(editor.getByRole('button', { name: 'Save' }));
    expect(await editor.findByText('undefined variable: iban, line:1, col:4')).toBeTruthy();
    expect(editor.getByRole('textbox', { name: 'Text' }).getAttribute('aria-invalid')).toBe('true');
    await user.click(editor.getByRole('button', { name: 'Save' }));
    expect(await editor.findByText('Saved: this email now goes out as shown.')).toBeTruthy();
    expect(server.sentTo(merchantRoute('saveEmail', 'approved')).at(-1)?.body).toEqual({
      lang: 'en',
      subject: 'Approved: {{ rma }}',
      body: 'Good news.',
    });
  });

  it('lets staff preview and test but not change an email', async () => {
    signedIn(server, staffSession);
    stubs();
    server.on(merchantRoute('testEmail', 'approved'), ok(merchantRoute('testEmail'), { to: 'staff@shop.test' }));
    const { user } = renderConsole('/emails');
    const editor = within(await screen.findByRole('region', { name: 'Approved' }));
    expect(screen.getByText(/Only the shop's owner can change the emails/)).toBeTruthy();
    expect(editor.getByRole('textbox', { name: 'Subject' }).hasAttribute('readonly')).toBe(true);
    expect(editor.queryByRole('button', { name: 'Save' })).toBeNull();
    await user.click(editor.getByRole('button', { name: 'Send me a test' }));
    expect(await editor.findByText('Test sent to staff@shop.test.')).toBeTruthy();
  });
});
