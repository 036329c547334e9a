import { isIP } from 'node:net';
import { z } from 'zod';
import { PLATFORM_KEYS, PLATFORMS, type PlatformKey } from '@agrihub/contract';

/** Who a platform's mails come from: its name and an address of its own (never another platform's). */
export interface MailSender {
  name: string;
  address: string;
}

/** The variable that sets each platform's sender. */
export const MAIL_FROM_VARS = {
  dtrack: 'MAIL_FROM_DTRACK',
  agrihub: 'MAIL_FROM_AGRIHUB',
  foodmap: 'MAIL_FROM_FOODMAP',
} as const satisfies Record<PlatformKey, string>;

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$|^[^\s@<>",;]+@localhost$/i;

/** `Name <address>` or a bare `address`; the name is optional (the platform's name then). */
export const mailFromValue = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const named = /^(.*?)\s*<([^<>]+)>$/.exec(value);
    const name = named ? named[1].replace(/^"(.*)"$/, '$1').trim() : '';
    const address = (named ? named[2] : value).trim();
    if (!ADDRESS.test(address)) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not "Name <address@host>" nor "address@host"` });
      return z.NEVER;
    }
    return { name: name || null, address };
  });

type SenderValue = z.infer<typeof mailFromValue>;

/**
 * The host a platform's default address uses: the platform's own host from PLATFORM_HOSTS, else
 * `<platform>.<PUBLIC_URL host>` (`dtrack.localhost` in development), as platforms are told apart.
 */
function platformHost(platform: PlatformKey, hosts: Record<string, PlatformKey>, publicUrl: string): string {
  const listed = Object.entries(hosts).find(([, key]) => key === platform)?.[0];
  if (listed) return listed.replace(/:\d+$/, '');
  const host = new URL(publicUrl).hostname;
  if (host === 'localhost' || isIP(host.replace(/^\[|\]$/g, ''))) return `${platform}.localhost`;
  return host.startsWith(`${platform}.`) ? host : `${platform}.${host}`;
}

/**
 * Each platform's sender: MAIL_FROM_<PLATFORM> when set (its name, else the platform's), otherwise
 * `<Platform name> <no-reply@<platform host>>`. DTrack's mails never come from "AgriHub".
 */
export function mailSenders(
  set: Partial<Record<PlatformKey, SenderValue | undefined>>,
  hosts: Record<string, PlatformKey>,
  publicUrl: string,
): Record<PlatformKey, MailSender> {
  return Object.fromEntries(
    PLATFORM_KEYS.map((p) => {
      const own = set[p];
      return [
        p,
        {
          name: own?.name ?? PLATFORMS[p].name,
          address: own?.address ?? `no-reply@${platformHost(p, hosts, publicUrl)}`,
        },
      ];
    }),
  ) as Record<PlatformKey, MailSender>;
}
