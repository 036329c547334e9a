import { provinceName, type PublicCertificate, type PublicProducer } from '@agrihub/contract';
import type { ApprovedProduct, Certificate, StoredFile } from '../../db/schema/index.js';
import { presentCertificates } from '../traceabilities/presenter.js';

/** Pieces the public batch and product pages share (contract: schemas/trace-public.ts). */

/** Certificates with their validity on `today` (YYYY-MM-DD, Asia/Ho_Chi_Minh). */
export function publicCertificates(certs: Certificate[] | null | undefined, today: string): PublicCertificate[] {
  return presentCertificates(certs).map((c) => ({ ...c, valid: !c.valid_until || c.valid_until >= today }));
}

type VariantTypes = { title: string; value: string }[];

/**
 * A batch's variant as the product was last approved (ADR 007): an edit waiting for review may
 * have renamed it already. Variants not in the approved version (or versions approved before
 * variant ids were kept) show as they are.
 */
export function approvedVariantTypes(
  approved: ApprovedProduct,
  variantId: number | null,
  current: VariantTypes | null,
): VariantTypes | null {
  if (variantId == null) return null;
  return approved.variants.find((v) => v.id === variantId)?.types ?? current;
}

export function publicImages(files: StoredFile[] | null | undefined) {
  return (files ?? []).map((f) => ({ url: f.url, thumbnail_url: f.thumbnail_url ?? null }));
}

export function publicProducer(p: {
  name: string;
  provinceCode: string | null;
  type: PublicProducer['type'];
  logoUrl: string | null;
  address: string | null;
}): PublicProducer {
  return {
    name: p.name,
    province_code: p.provinceCode,
    province: provinceName(p.provinceCode),
    type: p.type,
    logo_url: p.logoUrl,
    address: p.address,
  };
}
