import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the fake server received it, decoded the way a mail reader shows it. */
export interface ReceivedMail {
  /** The envelope recipients (RCPT TO): who the message was actually delivered to. */
  to: string[];
  /** Header values by lower-case name, unfolded and with RFC 2047 encoded words decoded. */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  /** Parts sent as attachments (any part that is not the text or HTML body), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

export interface FakeSmtp {
  /** smtp://127.0.0.1:<port>, for SMTP_URL or an SmtpTransport. */
  url: string;
  /** Every message accepted so far, in the order it arrived. */
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A local SMTP server for tests. It accepts any sender, refuses at RCPT (550) each recipient `refuse` picks, and
 * parses what it receives on its own (headers, RFC 2047 subjects, multipart bodies in quoted-printable or base64),
 * independently of the nodemailer code that wrote it. Text comes back with `\n` line breaks; anything it cannot
 * decode (a charset other than UTF-8, bytes that are not UTF-8) makes it refuse the message, so the send fails.
 */
export async function startFakeSmtp(options: { refuse?: (address: string) => boolean } = {}): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        try {
          const raw = utf8(Buffer.concat(chunks));
          const message = parseMessage(raw);
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, ...message });
          callback();
        } catch (error) {
          callback(Object.assign(error instanceof Error ? error : new Error(String(error)), { responseCode: 554 }));
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const decoder = new TextDecoder('utf-8', { fatal: true });
const utf8 = (bytes: Uint8Array): string => decoder.decode(bytes);

function parseMessage(raw: string): Omit<ReceivedMail, 'to' | 'raw'> {
  const top = parseEntity(raw);
  const bodies: Bodies = { text: '', html: '', attachments: [] };
  collectBodies(top, bodies);
  return { headers: top.headers, subject: top.headers.get('subject') ?? '', ...bodies };
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function parseEntity(source: string): Entity {
  const end = source.indexOf('\r\n\r\n');
  const head = end < 0 ? source : source.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n(?=[ \t])/g, '').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`Malformed header line: ${line}`);
    const name = line.slice(0, colon).trim().toLowerCase();
    if (headers.has(name) && ['subject', 'to', 'from', 'content-type'].includes(name)) {
      throw new Error(`Header ${name} appears twice`);
    }
    headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: end < 0 ? '' : source.slice(end + 4) };
}

type Bodies = Pick<ReceivedMail, 'text' | 'html' | 'attachments'>;

/**
 * Puts each text/plain and text/html leaf of `entity` into `bodies`, and each attachment (a part with a
 * `Content-Disposition: attachment`) into its list; a second body of either type is an error.
 */
function collectBodies(entity: Entity, bodies: Bodies): void {
  const { type, params } = contentType(entity.headers.get('content-type') ?? 'text/plain');
  if (type.startsWith('multipart/')) {
    const boundary = params.get('boundary');
    if (!boundary) throw new Error('Multipart without a boundary');
    const segments = `\r\n${entity.body}`.split(`\r\n--${boundary}`).slice(1);
    for (const segment of segments) {
      if (segment.startsWith('--')) break;
      collectBodies(parseEntity(segment.slice(segment.indexOf('\r\n') + 2)), bodies);
    }
    return;
  }
  const disposition = contentType(entity.headers.get('content-disposition') ?? 'inline');
  if (disposition.type === 'attachment') {
    if ((entity.headers.get('content-transfer-encoding') ?? '').toLowerCase() !== 'base64')
      throw new Error('An attachment not in base64');
    bodies.attachments.push({
      filename: disposition.params.get('filename') ?? '',
      contentType: type,
      content: Buffer.from(entity.body.replace(/\s+/g, ''), 'base64'),
    });
    return;
  }
  const key = type === 'text/plain' ? 'text' : type === 'text/html' ? 'html' : null;
  if (!key) throw new Error(`Unexpected part ${type}`);
  if (bodies[key]) throw new Error(`Two ${type} parts`);
  const charset = (params.get('charset') ?? 'us-ascii').toLowerCase();
  if (charset !== 'utf-8' && charset !== 'us-ascii') throw new Error(`Unexpected charset ${charset}`);
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(entity.body)
      : encoding === 'base64'
        ? Buffer.from(entity.body, 'base64')
        : Buffer.from(entity.body, 'utf8');
  bodies[key] = utf8(bytes).replace(/\r\n/g, '\n');
}

function contentType(value: string): { type: string; params: Map<string, string> } {
  const [type = '', ...rest] = value.split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const equals = param.indexOf('=');
    if (equals < 0) continue;
    params.set(
      param.slice(0, equals).trim().toLowerCase(),
      param
        .slice(equals + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { type: type.trim().toLowerCase(), params };
}

/** RFC 2045 §6.7: soft line breaks dropped, trailing blanks on a line dropped (a transport may add them). */
function decodeQuotedPrintable(body: string): Buffer {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+$/, ''));
  const text = lines
    .map((line, i) => (line.endsWith('=') ? line.slice(0, -1) : i < lines.length - 1 ? `${line}\r\n` : line))
    .join('');
  return decodeHexEscapes(text);
}

/** `=XX` as the byte 0xXX, anything else as itself. */
function decodeHexEscapes(text: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text.charAt(i), 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

const ENCODED_WORD = /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi;

/** RFC 2047: each encoded word decoded on its own (a word must hold whole characters); blanks between two words go. */
function decodeWords(value: string): string {
  const joined = value.replace(/(\?=)[ \t]+(?==\?[^?]+\?[BQ]\?[^?]*\?=)/gi, '$1');
  return joined.replace(ENCODED_WORD, (_word, charset: string, encoding: string, data: string) => {
    if (charset.split('*')[0]?.toLowerCase() !== 'utf-8') throw new Error(`Unexpected charset ${charset}`);
    if (encoding.toUpperCase() === 'B') return utf8(Buffer.from(data, 'base64'));
    return utf8(decodeHexEscapes(data.replace(/_/g, ' ')));
  });
}
