/** The 34 provincial-level units of Vietnam in force since 1 July 2025 (statistics-office codes). */
export const PROVINCES = [
  { code: '01', name: 'Thành phố Hà Nội' },
  { code: '04', name: 'Cao Bằng' },
  { code: '08', name: 'Tuyên Quang' },
  { code: '11', name: 'Điện Biên' },
  { code: '12', name: 'Lai Châu' },
  { code: '14', name: 'Sơn La' },
  { code: '15', name: 'Lào Cai' },
  { code: '19', name: 'Thái Nguyên' },
  { code: '20', name: 'Lạng Sơn' },
  { code: '22', name: 'Quảng Ninh' },
  { code: '24', name: 'Bắc Ninh' },
  { code: '25', name: 'Phú Thọ' },
  { code: '31', name: 'Thành phố Hải Phòng' },
  { code: '33', name: 'Hưng Yên' },
  { code: '37', name: 'Ninh Bình' },
  { code: '38', name: 'Thanh Hóa' },
  { code: '40', name: 'Nghệ An' },
  { code: '42', name: 'Hà Tĩnh' },
  { code: '44', name: 'Quảng Trị' },
  { code: '46', name: 'Thành phố Huế' },
  { code: '48', name: 'Thành phố Đà Nẵng' },
  { code: '51', name: 'Quảng Ngãi' },
  { code: '52', name: 'Gia Lai' },
  { code: '56', name: 'Khánh Hòa' },
  { code: '66', name: 'Đắk Lắk' },
  { code: '68', name: 'Lâm Đồng' },
  { code: '75', name: 'Đồng Nai' },
  { code: '79', name: 'Thành phố Hồ Chí Minh' },
  { code: '80', name: 'Tây Ninh' },
  { code: '82', name: 'Đồng Tháp' },
  { code: '86', name: 'Vĩnh Long' },
  { code: '91', name: 'An Giang' },
  { code: '92', name: 'Thành phố Cần Thơ' },
  { code: '96', name: 'Cà Mau' },
] as const;
export type ProvinceCode = (typeof PROVINCES)[number]['code'];
export const PROVINCE_CODES: readonly string[] = PROVINCES.map((p) => p.code);
export function provinceName(code: string | null | undefined): string | null {
  return PROVINCES.find((p) => p.code === code)?.name ?? null;
}

/** Countries (ISO 3166-1 alpha-2), the six flag countries first. */
export const COUNTRIES = [
  { code: 'VN', vi: 'Việt Nam', en: 'Vietnam' },
  { code: 'CN', vi: 'Trung Quốc', en: 'China' },
  { code: 'JP', vi: 'Nhật Bản', en: 'Japan' },
  { code: 'KR', vi: 'Hàn Quốc', en: 'South Korea' },
  { code: 'TH', vi: 'Thái Lan', en: 'Thailand' },
  { code: 'US', vi: 'Hoa Kỳ', en: 'United States' },
  { code: 'LA', vi: 'Lào', en: 'Laos' },
  { code: 'KH', vi: 'Campuchia', en: 'Cambodia' },
  { code: 'SG', vi: 'Singapore', en: 'Singapore' },
  { code: 'MY', vi: 'Malaysia', en: 'Malaysia' },
  { code: 'ID', vi: 'Indonesia', en: 'Indonesia' },
  { code: 'PH', vi: 'Philippines', en: 'Philippines' },
  { code: 'IN', vi: 'Ấn Độ', en: 'India' },
  { code: 'TW', vi: 'Đài Loan', en: 'Taiwan' },
  { code: 'AU', vi: 'Úc', en: 'Australia' },
  { code: 'NZ', vi: 'New Zealand', en: 'New Zealand' },
  { code: 'FR', vi: 'Pháp', en: 'France' },
  { code: 'DE', vi: 'Đức', en: 'Germany' },
  { code: 'NL', vi: 'Hà Lan', en: 'Netherlands' },
  { code: 'GB', vi: 'Vương quốc Anh', en: 'United Kingdom' },
  { code: 'CA', vi: 'Canada', en: 'Canada' },
  { code: 'RU', vi: 'Nga', en: 'Russia' },
] as const;
export const FLAG_COUNTRY_CODES = ['CN', 'JP', 'KR', 'TH', 'US', 'VN'] as const;
export const COUNTRY_CODES: readonly string[] = COUNTRIES.map((c) => c.code);
