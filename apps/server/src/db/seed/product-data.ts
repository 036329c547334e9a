import type { PlatformKey, TaxRate, Unit } from '@agrihub/contract';
import type { Certificate } from '../schema/index.js';

export interface DemoProduct {
  slug: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  category: string;
  type: string;
  unit: Unit;
  price: number;
  discount?: number;
  shipping?: number;
  tax: TaxRate;
  province: string;
  cert: Omit<Certificate, 'file' | 'valid_until'> & { months: number };
  /** Circular 02/2024 consumer information (ADR 043), where the demo has it. */
  brand?: string;
  trademark?: string;
  standards?: string[];
  shelfLifeDays?: number;
  groups?: { title: string; values: string[] }[];
  /** Price of each variant = price × factor of its first value. */
  factors?: number[];
}

const VIETGAP = (number: string) => ({
  name: 'Chứng nhận VietGAP',
  issuer: 'Trung tâm Chứng nhận Phù hợp (QUACERT)',
  number,
  months: 18,
});
const OCOP = (stars: number, province: string, number: string) => ({
  name: `Sản phẩm OCOP ${stars} sao`,
  issuer: `UBND ${province}`,
  number,
  months: 30,
});

/** The first three products of each demo producer are the ones the demo batches trace (seed/batches.ts). */
export const PRODUCER_PRODUCTS: Record<PlatformKey, DemoProduct[]> = {
  dtrack: [
    {
      slug: 'che-shan-tuyet',
      name: 'Chè Shan Tuyết Mộc Châu',
      nameEn: 'Moc Chau Shan Tuyet tea',
      description:
        'Chè Shan Tuyết cổ thụ hái một tôm hai lá trên đồi Tà Phình, sao thủ công; nước vàng sánh, hậu ngọt.',
      descriptionEn:
        'Old-tree Shan Tuyet tea from the Ta Phinh hills, hand-roasted; golden liquor with a sweet finish.',
      category: '502',
      type: 'Chè và cà phê',
      unit: 'Túi',
      price: 180_000,
      discount: 165_000,
      shipping: 30_000,
      tax: 5,
      province: '14',
      cert: OCOP(4, 'tỉnh Sơn La', 'OCOP-SL-2024-0112'),
      brand: 'Tà Phình Shan Tuyết',
      trademark: 'Tà Phình (GCN nhãn hiệu số 356789)',
      standards: ['VietGAP', 'QCVN 8-2:2011/BYT'],
      shelfLifeDays: 540,
      groups: [
        { title: 'Khối lượng', values: ['500g', '1kg'] },
        { title: 'Đóng gói', values: ['Túi', 'Hộp'] },
      ],
      factors: [1, 1.9],
    },
    {
      slug: 'man-hau',
      name: 'Mận hậu Mộc Châu',
      nameEn: 'Moc Chau plums',
      description: 'Mận hậu chín cây, giòn, vị chua ngọt; thu hái tháng 5–6, đóng thùng 5 kg.',
      descriptionEn: 'Tree-ripened crunchy plums, sweet and sour; harvested in May–June, 5 kg boxes.',
      category: '103',
      type: 'Nông sản',
      unit: 'Kg',
      price: 45_000,
      shipping: 25_000,
      tax: 5,
      province: '14',
      cert: VIETGAP('VG-SL-0451'),
    },
    {
      slug: 'ca-phe-arabica',
      name: 'Cà phê Arabica Sơn La',
      nameEn: 'Son La Arabica coffee',
      description: 'Cà phê Arabica chế biến ướt, rang mộc vừa; hương trái cây, độ chua thanh.',
      descriptionEn: 'Washed Arabica, medium roast; fruity aroma and bright acidity.',
      category: '504',
      type: 'Chè và cà phê',
      unit: 'Túi',
      price: 220_000,
      tax: 8,
      province: '14',
      cert: VIETGAP('VG-SL-0788'),
    },
    {
      slug: 'mang-kho',
      name: 'Măng tre khô Tây Bắc',
      nameEn: 'Northwest dried bamboo shoots',
      description: 'Măng tre rừng luộc chín, phơi nắng tự nhiên, không chất bảo quản.',
      descriptionEn: 'Forest bamboo shoots, boiled and sun-dried, no preservatives.',
      category: '401',
      type: 'Thực phẩm chế biến',
      unit: 'Túi',
      price: 120_000,
      tax: 8,
      province: '14',
      cert: OCOP(3, 'tỉnh Sơn La', 'OCOP-SL-2023-0347'),
    },
  ],
  agrihub: [
    {
      slug: 'xa-lach-thuy-canh',
      name: 'Xà lách thủy canh Đà Lạt',
      nameEn: 'Da Lat hydroponic lettuce',
      description: 'Xà lách Lô Lô xanh trồng thủy canh trong nhà kính, không thuốc bảo vệ thực vật.',
      descriptionEn: 'Green Lollo lettuce grown hydroponically in greenhouses, pesticide-free.',
      category: '101',
      type: 'Nông sản',
      unit: 'Kg',
      price: 60_000,
      discount: 55_000,
      shipping: 20_000,
      tax: 5,
      province: '68',
      cert: VIETGAP('VG-LD-1204'),
      groups: [
        { title: 'Khối lượng', values: ['500g', '1kg'] },
        { title: 'Đóng gói', values: ['Túi', 'Hộp'] },
      ],
      factors: [0.55, 1],
    },
    {
      slug: 'dau-tay',
      name: 'Dâu tây Đà Lạt',
      nameEn: 'Da Lat strawberries',
      description: 'Dâu tây giống New Zealand, hái chín, đóng hộp 500 g.',
      descriptionEn: 'New Zealand variety strawberries, picked ripe, 500 g punnets.',
      category: '103',
      type: 'Nông sản',
      unit: 'Hộp',
      price: 150_000,
      tax: 5,
      province: '68',
      cert: VIETGAP('VG-LD-1377'),
    },
    {
      slug: 'tra-atiso',
      name: 'Trà Atiso Đà Lạt',
      nameEn: 'Da Lat artichoke tea',
      description: 'Bông và lá atiso sấy lạnh, túi lọc tiện dùng.',
      descriptionEn: 'Freeze-dried artichoke flowers and leaves in tea bags.',
      category: '503',
      type: 'Đồ uống',
      unit: 'Hộp',
      price: 85_000,
      tax: 8,
      province: '68',
      cert: OCOP(4, 'tỉnh Lâm Đồng', 'OCOP-LD-2024-0068'),
    },
  ],
  foodmap: [
    {
      slug: 'tom-su',
      name: 'Tôm sú Cà Mau',
      nameEn: 'Ca Mau black tiger shrimp',
      description: 'Tôm sú nuôi quảng canh dưới tán rừng ngập mặn, cấp đông nhanh ngay sau thu hoạch.',
      descriptionEn: 'Extensive mangrove-farmed black tiger shrimp, quick-frozen right after harvest.',
      category: '301',
      type: 'Thủy sản',
      unit: 'Kg',
      price: 420_000,
      discount: 399_000,
      shipping: 50_000,
      tax: 5,
      province: '96',
      cert: { name: 'Chứng nhận ASC', issuer: 'Aquaculture Stewardship Council', number: 'ASC-C-01877', months: 24 },
      groups: [
        { title: 'Kích cỡ', values: ['20–25 con/kg', '30–35 con/kg'] },
        { title: 'Đóng gói', values: ['Khay', 'Thùng'] },
      ],
      factors: [1, 0.8],
    },
    {
      slug: 'cua-ca-mau',
      name: 'Cua gạch Cà Mau',
      nameEn: 'Ca Mau roe crab',
      description: 'Cua biển gạch son, buộc dây, giao sống trong ngày.',
      descriptionEn: 'Live mud crabs full of roe, tied and delivered the same day.',
      category: '304',
      type: 'Thủy sản',
      unit: 'Kg',
      price: 550_000,
      tax: 5,
      province: '96',
      cert: VIETGAP('VG-CM-0231'),
    },
    {
      slug: 'tom-kho',
      name: 'Tôm khô Rạch Gốc',
      nameEn: 'Rach Goc dried shrimp',
      description: 'Tôm đất luộc, phơi nắng, đãi vỏ thủ công; màu đỏ tự nhiên.',
      descriptionEn: 'Boiled, sun-dried and hand-peeled shrimp with a natural red colour.',
      category: '306',
      type: 'Thủy sản',
      unit: 'Túi',
      price: 1_200_000,
      tax: 8,
      province: '96',
      cert: OCOP(4, 'tỉnh Cà Mau', 'OCOP-CM-2023-0015'),
    },
    {
      slug: 'mat-ong-u-minh',
      name: 'Mật ong rừng U Minh',
      nameEn: 'U Minh forest honey',
      description: 'Mật ong gác kèo rừng tràm U Minh Hạ, lọc lạnh, đóng chai thủy tinh.',
      descriptionEn: 'Rafter honey from the U Minh Ha melaleuca forest, cold-filtered, glass bottles.',
      category: '408',
      type: 'Thực phẩm chế biến',
      unit: 'Chai',
      price: 350_000,
      tax: 8,
      province: '96',
      cert: OCOP(3, 'tỉnh Cà Mau', 'OCOP-CM-2022-0102'),
    },
  ],
};

export const OLDUSER_PRODUCTS: DemoProduct[] = [
  {
    slug: 'gao-st25',
    name: 'Gạo ST25',
    nameEn: 'ST25 rice',
    description: 'Gạo ST25 thơm, dẻo, hạt dài; trồng theo mô hình lúa – tôm.',
    descriptionEn: 'Fragrant, soft long-grain ST25 rice from rice–shrimp fields.',
    category: '104',
    type: 'Nông sản',
    unit: 'Túi',
    price: 190_000,
    discount: 175_000,
    tax: 5,
    province: '92',
    cert: VIETGAP('VG-CT-0925'),
    groups: [{ title: 'Khối lượng', values: ['2kg', '5kg'] }],
    factors: [0.42, 1],
  },
  {
    slug: 'xoai-cat-hoa-loc',
    name: 'Xoài cát Hòa Lộc',
    nameEn: 'Hoa Loc mango',
    description: 'Xoài cát Hòa Lộc chín cây, thịt vàng, ngọt đậm, hương thơm đặc trưng.',
    descriptionEn: 'Tree-ripened Hoa Loc mangoes: golden flesh, rich sweetness, distinctive aroma.',
    category: '103',
    type: 'Nông sản',
    unit: 'Kg',
    price: 95_000,
    tax: 5,
    province: '82',
    cert: VIETGAP('VG-DT-0310'),
  },
  {
    slug: 'nuoc-mam-phu-quoc',
    name: 'Nước mắm Phú Quốc 40 độ đạm',
    nameEn: 'Phu Quoc fish sauce 40°N',
    description: 'Nước mắm cá cơm ủ chượp 12 tháng trong thùng gỗ bời lời, 40 độ đạm.',
    descriptionEn: 'Anchovy fish sauce aged 12 months in wooden barrels, 40 g/l nitrogen.',
    category: '402',
    type: 'Thực phẩm chế biến',
    unit: 'Chai',
    price: 135_000,
    tax: 8,
    province: '91',
    cert: { name: 'Chỉ dẫn địa lý Phú Quốc', issuer: 'Cục Sở hữu trí tuệ', number: 'CDĐL-00001', months: 60 },
  },
];
