import type { Location, LocationRequest } from '@agrihub/contract/schemas/locations';
import type { LocationGeometry } from '@agrihub/contract/geometry';

export interface CertificationValues {
  scheme?: string;
  number?: string;
  issuer?: string;
  valid_from?: string;
  valid_until?: string;
}

/** The form's values: text inputs ('' for none), the geometry as imported. */
export interface LocationFormValues {
  kind?: string;
  name: string;
  province_code?: string;
  commune: string;
  address: string;
  gln: string;
  crop_or_species: string;
  certifications: CertificationValues[];
  geometry: LocationGeometry | null;
}

export const emptyLocationValues = (): LocationFormValues => ({
  kind: undefined,
  name: '',
  province_code: undefined,
  commune: '',
  address: '',
  gln: '',
  crop_or_species: '',
  certifications: [],
  geometry: null,
});

export function locationToValues(l: Location): LocationFormValues {
  return {
    kind: l.kind,
    name: l.name,
    province_code: l.province_code,
    commune: l.commune ?? '',
    address: l.address ?? '',
    gln: l.gln ?? '',
    crop_or_species: l.crop_or_species ?? '',
    certifications: l.certifications.map((c) => ({
      scheme: c.scheme,
      number: c.number ?? '',
      issuer: c.issuer ?? '',
      valid_from: c.valid_from ?? '',
      valid_until: c.valid_until ?? '',
    })),
    geometry: l.geometry,
  };
}

/** What the API receives (blank texts are "none" in the contract; `updated_at` for the stale check). */
export function valuesToRequest(v: Partial<LocationFormValues>, updatedAt?: string): LocationRequest {
  return {
    kind: v.kind as LocationRequest['kind'],
    name: v.name ?? '',
    province_code: v.province_code ?? '',
    commune: v.commune ?? '',
    address: v.address ?? '',
    gln: v.gln ?? '',
    crop_or_species: v.crop_or_species ?? '',
    certifications: (v.certifications ?? []).map((c) => ({
      scheme: c?.scheme as never,
      number: c?.number ?? '',
      issuer: c?.issuer ?? '',
      valid_from: c?.valid_from ?? '',
      valid_until: c?.valid_until ?? '',
    })),
    geometry: v.geometry ?? null,
    ...(updatedAt ? { updated_at: updatedAt } : {}),
  };
}
