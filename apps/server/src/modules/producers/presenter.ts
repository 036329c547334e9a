import type { Producer, ProducerUser } from '@agrihub/contract';
import type { producers } from '../../db/schema/index.js';

export type ProducerRow = typeof producers.$inferSelect;

export function presentProducer(p: ProducerRow): Producer {
  return {
    id: p.id,
    name: p.name,
    producer_type: p.producerType as Producer['producer_type'],
    business_fields: p.businessFields as Producer['business_fields'],
    status: p.status,
    tax_code: p.taxCode,
    representative: p.representative,
    phone: p.phone,
    email: p.email,
    website: p.website,
    province_code: p.provinceCode,
    address: p.address,
    description: p.description,
    logo_url: p.logoUrl,
    gs1_company_prefix_length: p.gs1CompanyPrefixLength,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** A user account of a producer, as administrators see it (no secrets, no roles). */
export function presentProducerUser(u: {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  createdAt: Date;
}): ProducerUser {
  return { id: u.id, name: u.name, email: u.email, phone: u.phone, created_at: u.createdAt.toISOString() };
}
