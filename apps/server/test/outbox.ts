import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  /** The From header, decoded: `DTrack <no-reply@dtrack.localhost>`. */
  from: string;
  /** The Reply-To header when the mail has one. */
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  /** The text/html part of a multipart/alternative mail. */
  html?: string;
  /** The files of a multipart/mixed mail (Content-Disposition: attachment), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const flat = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < flat.length; i++) {
    if (flat[i] === '=' && /^[0-9A-F]{2}$/i.test(flat.slice(i + 1, i + 3))) {
      bytes.push(parseInt(flat.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(flat[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(s: string): string {
  return s.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** Headers and decoded body of one MIME entity (a whole mail or one part of it). */
function parseEntity(raw: string) {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).trim();
  const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { header, body, decoded };
}

type Entity = ReturnType<typeof parseEntity>;

/** The leaf parts of an entity, multipart ones (alternative, mixed) opened recursively. */
function leaves(e: Entity): Entity[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(e.header('Content-Type'))?.[1];
  if (!boundary) return [e];
  return e.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((p) => leaves(parseEntity(p.replace(/^\r?\n/, ''))));
}

/**
 * The mails written to DATA_DIR/outbox, oldest first: single-part text mails, multipart/alternative
 * ones (text + `html`) as the mailer writes them, and multipart/mixed ones with their attachments.
 */
export function readOutbox(outboxDir: string): OutboxMail[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const mail = parseEntity(fs.readFileSync(path.join(outboxDir, f), 'utf8'));
      const replyTo = decodeWords(mail.header('Reply-To'));
      const base = {
        file: f,
        from: decodeWords(mail.header('From')),
        ...(replyTo ? { replyTo } : {}),
        to: mail.header('To'),
        subject: decodeWords(mail.header('Subject')),
      };
      const parts = leaves(mail);
      if (parts.length === 1 && parts[0] === mail) return { ...base, text: mail.decoded, attachments: [] };
      const isFile = (p: Entity) => /^attachment/i.test(p.header('Content-Disposition'));
      const of = (type: string) => parts.find((p) => !isFile(p) && p.header('Content-Type').startsWith(type))?.decoded;
      const attachments = parts.filter(isFile).map((p) => ({
        // The name as an encoded word in Content-Type (nodemailer's RFC 2231 filename*0* split is harder to read).
        filename: decodeWords(/;\s*name="([^"]*)"/i.exec(p.header('Content-Type'))?.[1] ?? ''),
        contentType: p.header('Content-Type').split(';')[0].trim(),
        content: Buffer.from(p.body.replace(/\s+/g, ''), 'base64'),
      }));
      return { ...base, text: of('text/plain') ?? '', html: of('text/html'), attachments };
    });
}

/**
 * Empties the outbox once the mails of earlier requests are written: their event handlers run after
 * the answer (plugins/events.ts), so a mail still being written would land in the next test's outbox
 * or make the removal fail (ENOTEMPTY).
 */
export async function clearOutbox(t: {
  app: { events: { drain(): Promise<void> } };
  config: { outboxDir: string };
}): Promise<void> {
  await t.app.events.drain();
  fs.rmSync(t.config.outboxDir, { recursive: true, force: true });
}
