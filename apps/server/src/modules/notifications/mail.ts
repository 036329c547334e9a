import { translate, type Locale, type PlatformKey } from '@agrihub/contract';
import type { Config } from '../../config/env.js';
import type { Mail } from '../../plugins/mailer.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
/** Escaped text whose line breaks stay line breaks. */
const htmlLines = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');

/**
 * The web app's origin for a platform when no request is at hand (a subscriber runs after it):
 * its PLATFORM_HOSTS host, else `<platform>.<PUBLIC_URL host>` (`dtrack.localhost:3000` in dev),
 * the hosts the web app tells platforms apart by.
 */
export function platformOrigin(config: Config, platform: string): string {
  const pub = new URL(config.publicUrl);
  const listed = Object.entries(config.PLATFORM_HOSTS).find(([, key]) => key === platform)?.[0];
  if (listed) return `${pub.protocol}//${listed}`;
  if (pub.hostname.startsWith(`${platform}.`)) return config.publicUrl;
  return `${pub.protocol}//${platform}.${pub.host}`;
}

export interface NotificationMailParts {
  /** The platform the mail speaks for (its sender). */
  platform: PlatformKey;
  to: string;
  name: string;
  platformName: string;
  /** The platform's colour, for the button. */
  color: string;
  title: string;
  body: string;
  /** Absolute URL of the notification's page, when it has one. */
  url: string | null;
  /** The platform's hotline and e-mail (settings), when set. */
  contact?: string | null;
}

/** A notification as a mail in `locale`: the same words as plain text and as HTML (user text escaped). */
export function notificationMail(locale: Locale, m: NotificationMailParts): Mail {
  const greeting = translate(locale, 'notification_mail_greeting', { name: m.name });
  const open = translate(locale, 'notification_mail_open');
  const signoff = translate(locale, 'notification_mail_signoff', { platform: m.platformName });
  const contact = m.contact ? translate(locale, 'contact_mail_line', { contact: m.contact }) : null;
  const text = [greeting, m.body, m.url ? `${open}: ${m.url}` : null, signoff, contact].filter(Boolean).join('\n\n');
  const button = m.url
    ? `<p><a href="${escapeHtml(m.url)}" style="display:inline-block;padding:8px 16px;background:${m.color};color:#fff;` +
      `text-decoration:none;border-radius:4px">${escapeHtml(open)}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(m.title)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222;line-height:1.5">` +
    `<p>${htmlLines(greeting)}</p><h2 style="font-size:16px">${escapeHtml(m.title)}</h2>` +
    `<p>${htmlLines(m.body)}</p>${button}<p>${htmlLines(signoff)}</p>` +
    (contact ? `<p style="color:#666;font-size:12px">${escapeHtml(contact)}</p>` : '') +
    `</body></html>`;
  return {
    platform: m.platform,
    to: m.to,
    subject: translate(locale, 'notification_mail_subject', { platform: m.platformName, title: m.title }),
    text,
    html,
  };
}
