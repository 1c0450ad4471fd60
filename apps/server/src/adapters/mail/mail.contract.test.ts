import { present } from '@return-center/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSmtp } from '../../../test/fakes/smtp-server.js';
import { dialects, START } from '../../../test/helper.js';
import { throwawaySchema } from '../../../test/schema-pool.js';
import { fixedClock } from '../../clock.js';
import { createDb } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { MIGRATIONS } from '../../migrations.js';
import { DevMailbox } from './dev-mailbox.js';
import type { MailMessage, MailTransport } from './port.js';
import { SmtpTransport } from './smtp.js';

/** A message as its recipient gets it: who it went to (every recipient), and what it says. */
interface Delivered {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

interface Opened {
  transport: MailTransport;
  /** Everything delivered so far, oldest first: the mailbox the dev transport writes to, or what the SMTP server got. */
  delivered: () => Promise<Delivered[]>;
  /**
   * An address this transport turns down. The SMTP server refuses it at RCPT; the dev mailbox has no server behind
   * it, so for it this is an address that is not one, which it refuses as SMTP does.
   */
  refused: string;
  close: () => Promise<void>;
}

async function openDevMailbox(dialect: (typeof dialects)[number]): Promise<Opened> {
  let drop = async () => {};
  let database;
  if (dialect === 'postgres') {
    const url = present(process.env.TEST_DATABASE_URL, 'TEST_DATABASE_URL');
    const schema = await throwawaySchema(url, 'mail_');
    database = createDb(url, { searchPath: schema.name });
    drop = schema.drop;
  } else {
    database = createDb('sqlite::memory:');
  }
  await migrate(database.db, database.dialect, MIGRATIONS);
  const mailbox = new DevMailbox(database.db, fixedClock(START));
  return {
    transport: mailbox,
    delivered: async () =>
      (await mailbox.list({ limit: 200 })).reverse().map((m) => ({
        to: [m.to],
        subject: m.subject,
        text: m.text,
        html: m.html,
        attachments: m.attachments.map((a) => ({
          filename: a.filename,
          contentType: a.content_type,
          content: Buffer.from(a.content_base64, 'base64'),
        })),
      })),
    refused: 'refused@',
    close: async () => {
      await database.db.destroy();
      await drop();
    },
  };
}

/** What every mail transport must do; each runs this same file. */
const adapters: [string, () => Promise<Opened>][] = [
  ...dialects.map((dialect): [string, () => Promise<Opened>] => [
    `dev mailbox on ${dialect}`,
    () => openDevMailbox(dialect),
  ]),
  [
    'smtp (local smtp-server)',
    async () => {
      const server = await startFakeSmtp({ refuse: (address) => address === 'refused@example.com' });
      const transport = new SmtpTransport(server.url, '"Fernhill Supply Co." <returns@demo-shop.example>');
      return {
        transport,
        delivered: () =>
          Promise.resolve(
            server.received.map((m) => ({
              to: m.to,
              subject: m.subject,
              text: m.text,
              html: m.html,
              attachments: m.attachments,
            })),
          ),
        refused: 'refused@example.com',
        close: async () => {
          transport.close();
          await server.close();
        },
      };
    },
  ],
];

const message = (to: string, n = 1): MailMessage => ({
  to,
  subject: `Message ${n}`,
  text: `Text ${n}`,
  html: `<p>Html ${n}</p>`,
});
const delivered = ({ to, subject, text, html, attachments = [] }: MailMessage): Delivered => ({
  to: [to],
  subject,
  text,
  html,
  attachments: attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.content),
  })),
});

/** A PDF's bytes, none of them text a transport could bend: line breaks, a NUL, bytes above 0x7f. */
const pdfBytes = new Uint8Array([
  ...Buffer.from('%PDF-1.7\r\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
  0, 1, 2, 13, 10, 255, 254, 128, 46, 13, 10, 46,
  ...Buffer.from('\n%%EOF\n'),
]); // prettier-ignore

const samples: { name: string; message: MailMessage }[] = [
  {
    name: 'German and Japanese, with a long line and lines a mail server could misread',
    message: {
      to: 'alice@example.com',
      subject: 'Rückgabe – 返品 RMA-000042: Größe passt nicht 📦',
      text: [
        'Hallo Jürgen,',
        '',
        'Ihre Rückgabe – 返品 – wurde genehmigt. Erstattung: 49,90 € (= Warenwert − Versand).',
        `${'Ein sehr langer Satz ohne Umbruch, '.repeat(8)}Ende.`,
        '.',
        '.Zeile mit Punkt am Anfang',
        'From the shop: danke!   ',
        '',
      ].join('\n'),
      html: '<p style="color:#333">Ihre Rückgabe – <b>返品</b> – wurde genehmigt: 49,90&nbsp;€</p>\n<p>a=b &amp; c</p>',
    },
  },
  {
    name: 'an Arabic (right-to-left) subject and body',
    message: {
      to: 'bob@example.com',
      subject: 'تمت الموافقة على طلب الإرجاع رقم ١٢٣ من متجر العرض',
      text: 'مرحبا،\nتمت الموافقة على طلب الإرجاع الخاص بك. اطبع ملصق الشحن.',
      html: '<div dir="rtl" lang="ar"><p>تمت الموافقة على طلب الإرجاع الخاص بك.</p></div>',
    },
  },
  {
    name: 'a long plain ASCII subject that has to be folded',
    message: {
      to: 'carol.o-neil+returns@mail.example.co.uk',
      subject:
        'Your return request RMA-000042 for order #1001 at Fernhill Supply Co. has been approved: print the label and drop off',
      text: 'Plain text only.',
      html: '<p>Plain <i>html</i>.</p>',
    },
  },
  {
    name: 'a German acknowledgement with its PDF attached',
    message: {
      to: 'dana@example.com',
      subject: 'Eingangsbestätigung Ihres Widerrufs W-000001',
      text: 'Wir haben Ihren Widerruf am 27.11.2026 um 03:15 erhalten.',
      html: '<p>Wir haben Ihren Widerruf erhalten.</p>',
      attachments: [{ filename: 'Widerruf-W-000001.pdf', contentType: 'application/pdf', content: pdfBytes }],
    },
  },
];

const malformed = [
  '',
  'not-an-address',
  'alice@',
  '@example.com',
  // Read loosely, these three reach someone other than the one person meant.
  'alice smith@example.com',
  'alice@example.com, mallory@example.com',
  'alice@example.com\r\nBcc: mallory@example.com',
];

describe.each(adapters)('mail transport: %s', (_name, open) => {
  let opened: Opened;
  beforeEach(async () => {
    opened = await open();
  });
  afterEach(() => opened.close());

  it.each(samples)('delivers $name with recipient, subject, text and html intact', async ({ message: sample }) => {
    await opened.transport.send(sample);
    expect(await opened.delivered()).toEqual([delivered(sample)]);
  });

  it('delivers several messages in a row, in order, each to its own recipient', async () => {
    const sent = ['alice@example.com', 'bob@example.com', 'alice@example.com', 'carol@example.com'].map(message);
    for (const each of sent) await opened.transport.send(each);
    expect(await opened.delivered()).toEqual(sent.map(delivered));
  });

  it('delivers messages sent at the same time, none mixed up with another', async () => {
    const sent = Array.from({ length: 6 }, (_, i) => message(`shopper${i}@example.com`, i));
    await Promise.all(sent.map((each) => opened.transport.send(each)));
    const bySubject = (a: Delivered, b: Delivered) => a.subject.localeCompare(b.subject);
    expect((await opened.delivered()).sort(bySubject)).toEqual(sent.map(delivered).sort(bySubject));
  });

  it.each(malformed)('rejects a message to %j and delivers nothing', async (to) => {
    await expect(opened.transport.send(message(to))).rejects.toBeInstanceOf(Error);
    expect(await opened.delivered()).toEqual([]);
  });

  it('rejects a message to an address it refuses, and still delivers the next one', async () => {
    await expect(opened.transport.send(message(opened.refused, 1))).rejects.toBeInstanceOf(Error);
    await opened.transport.send(message('alice@example.com', 2));
    expect(await opened.delivered()).toEqual([delivered(message('alice@example.com', 2))]);
  });
});
