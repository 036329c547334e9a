import fs from 'node:fs';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
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
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** The mails written to DATA_DIR/outbox (single-part text mails as the mailer writes them), oldest first. */
export function readOutbox(outboxDir: string): OutboxMail[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(outboxDir, f), 'utf8');
      const split = raw.search(/\r?\n\r?\n/);
      const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
      const body = raw.slice(split).trim();
      const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1]?.trim() ?? '';
      const encoding = header('Content-Transfer-Encoding').toLowerCase();
      const text =
        encoding === 'base64'
          ? Buffer.from(body, 'base64').toString('utf8')
          : encoding === 'quoted-printable'
            ? decodeQuotedPrintable(body)
            : body;
      return { file: f, to: header('To'), subject: decodeWords(header('Subject')), text };
    });
}
