import { eq } from 'drizzle-orm';
import type { PlatformKey, ServiceRequestState } from '@agrihub/contract';
import { requestStatusOf } from '@agrihub/contract';
import type { Db } from '../../db/client.js';
import { registerServices, userRegisterServices, type ServiceTargetDays } from '../../db/schema/index.js';
import type { TestApp } from '../../../test/helper.js';
import { as, json, type Built } from '../../../test/helper.js';
import { multipart } from '../../../test/multipart.js';

let seq = 0;

/** A service of the catalogue (type 1 full flow by default), available, with a unique slug. */
export async function buildService(
  db: Db,
  o: { platform?: PlatformKey; type?: 0 | 1 | 2; slug?: string; available?: boolean; targetDays?: ServiceTargetDays } = {},
) {
  const n = ++seq;
  const [row] = await db
    .insert(registerServices)
    .values({
      platform: o.platform ?? 'agrihub',
      slug: o.slug ?? `dich-vu-${n}-${Math.random().toString(16).slice(2, 6)}`,
      titleVi: `Dịch vụ kiểm thử ${n}`,
      titleEn: `Test service ${n}`,
      type: o.type ?? 1,
      available: o.available ?? true,
      targetDays: o.targetDays ?? {},
    })
    .returning();
  return row;
}

export const FORM = { contact_name: 'Nguyễn Văn An', phone: '0912345678', email: 'an@example.vn' };

/** Registers `u` to `slug` through the route (with these uploaded file ids). */
export function register(t: TestApp, u: Built, slug: string, attachments: number[] = [], locale = 'vi') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/registrations/register_service',
    headers: as(u, locale),
    payload: { slug, form: FORM, attachments },
  });
}

/** A PDF uploaded by `u` (POST /api/v1/attachments): its upload id. */
export async function uploadPdf(t: TestApp, u: Built, name = 'ho-so.pdf'): Promise<number> {
  const body = multipart({ filename: name, data: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF') });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/attachments',
    headers: { ...as(u), 'content-type': body.contentType },
    payload: body.payload,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  return json<{ data: { attachment: { id: number } } }>(res).data.attachment.id;
}

/** Puts a request at `step` directly (status derived), unlocked unless told. */
export async function setStep(db: Db, id: number, step: ServiceRequestState, lockedAt: Date | null = null) {
  await db
    .update(userRegisterServices)
    .set({ step, status: requestStatusOf(step), lockedAt })
    .where(eq(userRegisterServices.id, id));
}
