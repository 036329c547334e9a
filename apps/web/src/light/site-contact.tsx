import type { PublicContact } from '@agrihub/contract/schemas/settings';

/** The id of the JSON block the server puts in a light page's head (server modules/settings/widgets.ts). */
const BLOCK_ID = 'site-contact';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/**
 * The platform's public contact details the server embedded in this page (a JSON data block,
 * never run), or null when the administrator set none or the block cannot be read.
 */
export function readSiteContact(doc: Document = document): PublicContact | null {
  const raw = doc.getElementById(BLOCK_ID)?.textContent;
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    const contact = {
      hotline: text(v.hotline),
      hotline_display: text(v.hotline_display),
      email: text(v.email),
      address: text(v.address),
      working_hours: text(v.working_hours),
    };
    return Object.values(contact).some(Boolean) ? contact : null;
  } catch {
    return null;
  }
}

/** A phone number as a tel: link (digits and a leading +). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export interface ContactLabels {
  hotline: string;
  email: string;
  address: string;
  hours: string;
}

/** The contact line of a light page's footer; nothing when none is set. */
export function SiteContact({
  labels,
  contact = readSiteContact(),
}: {
  labels: ContactLabels;
  contact?: PublicContact | null;
}) {
  if (!contact) return null;
  return (
    <address className="site-contact" data-testid="site-contact">
      {contact.hotline && (
        <span>
          {labels.hotline}: <a href={telHref(contact.hotline)}>{contact.hotline_display ?? contact.hotline}</a>
        </span>
      )}
      {contact.email && (
        <span>
          {labels.email}: <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </span>
      )}
      {contact.address && (
        <span>
          {labels.address}: {contact.address}
        </span>
      )}
      {contact.working_hours && (
        <span>
          {labels.hours}: {contact.working_hours}
        </span>
      )}
    </address>
  );
}
