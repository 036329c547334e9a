import { SERVICE_SLUGS, type PlatformKey, type ServiceFormField, type ServiceIcon, type ServiceType } from '@agrihub/contract';
import type { ServicePricingRow, ServiceTargetDays } from '../schema/index.js';

export interface SeedService {
  slug: string;
  icon: ServiceIcon;
  type: ServiceType;
  title: [vi: string, en: string];
  description: [vi: string, en: string];
  priceFrom?: number;
  unit?: [vi: string, en: string];
  pricing?: ServicePricingRow[];
  targetDays: ServiceTargetDays;
  /** The fields the request form asks for (register_services.form_fields). */
  formFields?: ServiceFormField[];
}

const row = (
  item: [string, string],
  unit: [string, string],
  price: number | null,
  note: string | null = null,
): ServicePricingRow => ({ item_vi: item[0], item_en: item[1], unit_vi: unit[0], unit_en: unit[1], price, note });

// Days allowed in each step (the base of a step's due date), per flow (DESIGN §5.2).
const full = (approval: number): ServiceTargetDays => ({
  fill_info: 7,
  advice: 2,
  contract: 3,
  paid: 3,
  profile_completed: 7,
  submitted_profile: 3,
  approved_profile: approval,
});
const short = (work: number): ServiceTargetDays => ({ fill_info: 7, advice: 2, contract: 3, paid: 3, inprogress: work });

const PACKAGE: [string, string] = ['gói', 'package'];
const DOSSIER: [string, string] = ['hồ sơ', 'dossier'];

// ---------- The request form's fields of each service ----------

type FieldExtras = Partial<Omit<ServiceFormField, 'key' | 'type' | 'label_vi' | 'label_en'>>;
const field = (
  key: string,
  type: ServiceFormField['type'],
  label: [vi: string, en: string],
  extras: FieldExtras = {},
): ServiceFormField => ({ key, type, label_vi: label[0], label_en: label[1], required: false, ...extras });
const help = (vi: string, en: string) => ({ help_vi: vi, help_en: en });
const opt = (value: string, vi: string, en: string) => ({ value, label_vi: vi, label_en: en });
const count = (key: string, label: [string, string], max: number, required = true) =>
  field(key, 'number', label, { required, integer: true, min: 1, max });

const GS1_FIELDS: ServiceFormField[] = [
  count('product_count', ['Số sản phẩm cần cấp mã', 'Number of products to code'], 100_000),
  field('company_name_en', 'text', ['Tên doanh nghiệp bằng tiếng Anh', 'Company name in English'], {
    required: true,
    max_length: 200,
    ...help('Theo giấy chứng nhận đăng ký kinh doanh.', 'As on the business registration certificate.'),
  }),
  field('member_type', 'select', ['Loại hình thành viên', 'Member type'], {
    required: true,
    options: [
      opt('enterprise', 'Doanh nghiệp', 'Company'),
      opt('cooperative', 'Hợp tác xã', 'Cooperative'),
      opt('household', 'Hộ kinh doanh', 'Household business'),
    ],
  }),
  field('tax_code', 'text', ['Mã số thuế', 'Tax code'], { max_length: 14 }),
];

const FOOD_DECLARATION_FIELDS: ServiceFormField[] = [
  field('product_name', 'text', ['Tên sản phẩm', 'Product name'], { required: true, max_length: 200 }),
  field('product_group', 'select', ['Nhóm sản phẩm', 'Product group'], {
    required: true,
    options: [
      opt('dried_food', 'Thực phẩm khô, sấy', 'Dried food'),
      opt('beverage', 'Đồ uống', 'Beverage'),
      opt('spice_sauce', 'Gia vị, nước chấm', 'Spices and sauces'),
      opt('confectionery', 'Bánh kẹo', 'Confectionery'),
      opt('processed_farm', 'Nông sản chế biến', 'Processed farm produce'),
      opt('other', 'Khác', 'Other'),
    ],
  }),
  count('shelf_life_months', ['Hạn sử dụng (tháng)', 'Shelf life (months)'], 120),
  field('ingredients', 'textarea', ['Thành phần', 'Ingredients'], { max_length: 1000 }),
];

const TRADEMARK_FIELDS: ServiceFormField[] = [
  field('mark_name', 'text', ['Tên nhãn hiệu', 'Mark name'], { required: true, max_length: 200 }),
  field('nice_classes', 'text', ['Nhóm sản phẩm, dịch vụ theo bảng Nice', 'Nice classes'], {
    required: true,
    max_length: 200,
    ...help('Ví dụ: 29, 30, 31 (thực phẩm, nông sản).', 'E.g. 29, 30, 31 (food, farm produce).'),
  }),
  field('has_logo', 'select', ['Nhãn hiệu có logo', 'The mark has a logo'], {
    options: [opt('yes', 'Có', 'Yes'), opt('no', 'Không, chỉ có chữ', 'No, words only')],
  }),
];

const SIGNATURE_FIELDS: ServiceFormField[] = [
  field('package_years', 'select', ['Thời hạn gói', 'Package length'], {
    required: true,
    options: [opt('y1', '1 năm', '1 year'), opt('y2', '2 năm', '2 years'), opt('y3', '3 năm', '3 years')],
  }),
  field('tax_code', 'text', ['Mã số thuế', 'Tax code'], { required: true, max_length: 14 }),
];

const WEBSITE_FIELDS: ServiceFormField[] = [
  field('website', 'text', ['Địa chỉ website', 'Website address'], { required: true, max_length: 200 }),
  field('registration_kind', 'select', ['Hình thức', 'Kind'], {
    required: true,
    options: [
      opt('notify', 'Thông báo website bán hàng', 'Sales website notification'),
      opt('register', 'Đăng ký sàn giao dịch', 'Marketplace registration'),
    ],
  }),
];

const E_INVOICE_FIELDS: ServiceFormField[] = [
  count('invoices_per_month', ['Số hóa đơn mỗi tháng', 'Invoices per month'], 1_000_000),
  field('tax_code', 'text', ['Mã số thuế', 'Tax code'], { required: true, max_length: 14 }),
  field('start_date', 'date', ['Ngày muốn bắt đầu sử dụng', 'Wished start date']),
];

const DESIGN_FIELDS: ServiceFormField[] = [
  field('brief', 'textarea', ['Yêu cầu thiết kế', 'Design brief'], {
    required: true,
    max_length: 2000,
    ...help('Phong cách, màu sắc, thông tin cần có trên nhãn.', 'Style, colours, what the label must show.'),
  }),
  count('product_count', ['Số sản phẩm', 'Number of products'], 1000),
  field('deadline', 'date', ['Hạn mong muốn', 'Wished deadline']),
];

const SHOP_DESIGN_FIELDS: ServiceFormField[] = [
  field('marketplace', 'select', ['Sàn thương mại điện tử', 'Marketplace'], {
    required: true,
    options: [opt('shopee', 'Shopee', 'Shopee'), opt('lazada', 'Lazada', 'Lazada'), opt('tiktok', 'TikTok Shop', 'TikTok Shop')],
  }),
  field('shop_url', 'text', ['Đường dẫn gian hàng', 'Shop link'], { max_length: 300 }),
  field('brief', 'textarea', ['Yêu cầu thiết kế', 'Design brief'], { max_length: 2000 }),
];

const PHOTO_FIELDS: ServiceFormField[] = [
  field('brief', 'textarea', ['Yêu cầu chụp ảnh', 'Photography brief'], { required: true, max_length: 2000 }),
  count('product_count', ['Số sản phẩm', 'Number of products'], 1000),
  field('deadline', 'date', ['Hạn mong muốn', 'Wished deadline']),
];

const traceability: SeedService = {
  slug: SERVICE_SLUGS.traceability,
  icon: 'traceability',
  type: 0,
  title: ['Truy xuất nguồn gốc nông sản', 'Farm produce traceability'],
  description: [
    'Tạo mã truy xuất cho từng lô hàng, ghi nhật ký sản xuất và cho người mua quét mã QR xem hành trình sản phẩm. Miễn phí.',
    'Create a trace code for each batch, keep the production log and let buyers scan a QR code to see the product journey. Free.',
  ],
  priceFrom: 0,
  pricing: [row(['Truy xuất nguồn gốc theo lô hàng', 'Batch traceability'], ['lô hàng', 'batch'], 0, 'Miễn phí')],
  targetDays: {},
};

const multichannel: SeedService = {
  slug: SERVICE_SLUGS.multichannelSelling,
  icon: 'multichannel',
  type: 0,
  title: ['Bán hàng đa kênh', 'Multi-channel selling'],
  description: [
    'Đưa sản phẩm đã duyệt lên các sàn thương mại điện tử và kênh bán hàng của nền tảng. Đăng ký miễn phí, mở ngay menu sản phẩm.',
    "List your approved products on marketplaces and the platform's sales channels. Free to register; the product menus open at once.",
  ],
  priceFrom: 0,
  pricing: [row(['Đăng ký bán hàng đa kênh', 'Multi-channel selling registration'], ['tài khoản', 'account'], 0, 'Miễn phí')],
  targetDays: {},
};

const gs1Barcode: SeedService = {
  slug: SERVICE_SLUGS.gs1Barcode,
  icon: 'barcode',
  type: 1,
  title: ['Đăng ký mã số mã vạch GS1', 'GS1 barcode registration'],
  description: [
    'Chuẩn bị và nộp hồ sơ cấp mã số doanh nghiệp GS1 Việt Nam, hướng dẫn tạo mã GTIN cho từng sản phẩm.',
    'Prepare and file the GS1 Vietnam company prefix application, and learn to create a GTIN for each product.',
  ],
  priceFrom: 2_500_000,
  unit: DOSSIER,
  pricing: [
    row(
      ['Dịch vụ đăng ký mã số mã vạch GS1', 'GS1 barcode registration service'],
      DOSSIER,
      2_500_000,
      'Chưa gồm phí cấp mã và phí duy trì nộp cho GS1 Việt Nam',
    ),
  ],
  formFields: GS1_FIELDS,
  targetDays: full(20),
};

const foodDeclaration: SeedService = {
  slug: SERVICE_SLUGS.foodDeclaration,
  icon: 'declaration',
  type: 1,
  title: ['Công bố sản phẩm thực phẩm', 'Food product declaration'],
  description: [
    'Tư vấn, kiểm nghiệm chỉ tiêu và lập hồ sơ tự công bố sản phẩm thực phẩm theo Nghị định 15/2018/NĐ-CP.',
    'Advice, lab testing of the required criteria and the self-declaration dossier of a food product under Decree 15/2018/ND-CP.',
  ],
  priceFrom: 3_000_000,
  unit: ['sản phẩm', 'product'],
  pricing: [
    row(['Tự công bố sản phẩm thực phẩm', 'Food product self-declaration'], ['sản phẩm', 'product'], 3_000_000, 'Đã gồm phí kiểm nghiệm cơ bản'),
  ],
  formFields: FOOD_DECLARATION_FIELDS,
  targetDays: full(10),
};

const digitalSignature: SeedService = {
  slug: 'digital-signature',
  icon: 'signature',
  type: 1,
  title: ['Chữ ký số', 'Digital signature'],
  description: [
    'Cấp chứng thư số cho doanh nghiệp để ký hợp đồng, hóa đơn điện tử và khai thuế trực tuyến.',
    'A digital certificate for your business to sign contracts and e-invoices and to file taxes online.',
  ],
  priceFrom: 932_000,
  unit: PACKAGE,
  pricing: [
    row(['Chữ ký số gói 1 năm', 'Digital signature, 1-year package'], PACKAGE, 932_000),
    row(['Chữ ký số gói 2 năm', 'Digital signature, 2-year package'], PACKAGE, 1_548_000),
    row(['Chữ ký số gói 3 năm', 'Digital signature, 3-year package'], PACKAGE, 1_828_000, 'Tặng kèm thiết bị USB Token'),
  ],
  formFields: SIGNATURE_FIELDS,
  targetDays: full(5),
};

const trademark: SeedService = {
  slug: 'trademark-registration',
  icon: 'trademark',
  type: 1,
  title: ['Đăng ký nhãn hiệu', 'Trademark registration'],
  description: [
    'Tra cứu khả năng bảo hộ, lập và nộp đơn đăng ký nhãn hiệu tại Cục Sở hữu trí tuệ, theo dõi đến khi cấp văn bằng.',
    'Search for registrability, prepare and file the trademark application with the IP Office, and follow it up to the certificate.',
  ],
  formFields: TRADEMARK_FIELDS,
  targetDays: full(30),
};

const ministryWebsite: SeedService = {
  slug: 'ministry-website-registration',
  icon: 'ministry',
  type: 1,
  title: ['Đăng ký website với Bộ Công Thương', 'Website registration with the Ministry of Industry and Trade'],
  description: [
    'Thông báo hoặc đăng ký website thương mại điện tử với Bộ Công Thương, gắn logo đã thông báo lên website.',
    'Notify or register your e-commerce website with the Ministry of Industry and Trade and display the notified badge.',
  ],
  priceFrom: 499_000,
  unit: ['website', 'website'],
  pricing: [row(['Thông báo website thương mại điện tử', 'E-commerce website notification'], ['website', 'website'], 499_000)],
  formFields: WEBSITE_FIELDS,
  targetDays: full(10),
};

const eInvoice: SeedService = {
  slug: 'e-invoice',
  icon: 'invoice',
  type: 2,
  title: ['Hóa đơn điện tử', 'E-invoice'],
  description: [
    'Đăng ký sử dụng hóa đơn điện tử theo Nghị định 123/2020/NĐ-CP, khởi tạo mẫu hóa đơn và hướng dẫn phát hành.',
    'Start using e-invoices under Decree 123/2020/ND-CP: registration, invoice template set-up and issuing guidance.',
  ],
  priceFrom: 1_490_000,
  unit: PACKAGE,
  pricing: [
    row(['Gói 500 hóa đơn', '500-invoice package'], PACKAGE, 1_490_000),
    row(['Gói 1.000 hóa đơn', '1,000-invoice package'], PACKAGE, 2_290_000),
    row(['Phí khởi tạo', 'Set-up fee'], ['lần', 'once'], 0, 'Miễn phí khởi tạo'),
  ],
  formFields: E_INVOICE_FIELDS,
  targetDays: short(5),
};

const logoDesign: SeedService = {
  slug: 'logo-packaging-design',
  icon: 'design',
  type: 2,
  title: ['Thiết kế logo, bao bì', 'Logo and packaging design'],
  description: [
    'Thiết kế logo, nhãn và bao bì sản phẩm đúng quy định ghi nhãn hàng hóa, kèm file in ấn.',
    'Logo, label and packaging design that meets the product labelling rules, with print-ready files.',
  ],
  priceFrom: 1_500_000,
  unit: ['mẫu', 'design'],
  pricing: [
    row(['Thiết kế logo', 'Logo design'], ['mẫu', 'design'], 1_500_000, '3 phương án, chỉnh sửa 3 lần'),
    row(['Thiết kế nhãn, bao bì', 'Label and packaging design'], ['mẫu', 'design'], 2_500_000),
  ],
  formFields: DESIGN_FIELDS,
  targetDays: short(10),
};

const shopDesign: SeedService = {
  slug: 'ecommerce-shop-design',
  icon: 'ecommerce_design',
  type: 2,
  title: ['Thiết kế gian hàng thương mại điện tử', 'E-commerce shop design'],
  description: [
    'Thiết kế ảnh bìa, banner và bố cục gian hàng trên Shopee, Lazada, TikTok Shop.',
    'Cover images, banners and shop layout on Shopee, Lazada and TikTok Shop.',
  ],
  priceFrom: 500_000,
  unit: ['gian hàng', 'shop'],
  pricing: [
    row(['Thiết kế gian hàng cơ bản', 'Basic shop design'], ['gian hàng', 'shop'], 500_000),
    row(['Thiết kế gian hàng nâng cao', 'Advanced shop design'], ['gian hàng', 'shop'], 1_500_000),
  ],
  formFields: SHOP_DESIGN_FIELDS,
  targetDays: short(7),
};

/** A service quoted on request: no "from" price, no pricing table yet. */
function quoted(
  slug: string,
  icon: ServiceIcon,
  title: [string, string],
  description: [string, string],
  work: number,
): SeedService {
  return { slug, icon, type: 2, title, description, targetDays: short(work) };
}

const QUOTED: SeedService[] = [
  quoted('legal-services', 'legal', ['Dịch vụ pháp lý', 'Legal services'], [
    'Tư vấn thành lập doanh nghiệp, hợp tác xã, hộ kinh doanh và các thủ tục pháp lý cho cơ sở sản xuất.',
    'Advice on setting up a company, cooperative or household business and on the legal procedures of a producer.',
  ], 10),
  {
    ...quoted('product-photography', 'photo', ['Chụp ảnh sản phẩm', 'Product photography'], [
      'Chụp ảnh sản phẩm trên nền trắng và ảnh bối cảnh, đạt chuẩn đăng bán trên sàn thương mại điện tử.',
      'White-background and lifestyle product photos that meet the marketplaces’ listing standards.',
    ], 7),
    formFields: PHOTO_FIELDS,
  },
  quoted('fulfillment', 'fulfillment', ['Lưu kho và giao vận (fulfillment)', 'Fulfillment'], [
    'Lưu kho, đóng gói và giao đơn hàng thương mại điện tử thay cho cơ sở sản xuất.',
    'Storage, packing and delivery of your e-commerce orders on your behalf.',
  ], 7),
  quoted('packaging-printing', 'printing', ['In ấn bao bì', 'Packaging printing'], [
    'In hộp, túi, nhãn dán và tem truy xuất với số lượng linh hoạt.',
    'Printing of boxes, bags, stickers and trace labels in flexible quantities.',
  ], 14),
  quoted('quality-testing', 'testing', ['Kiểm nghiệm chất lượng', 'Quality testing'], [
    'Lấy mẫu và kiểm nghiệm chỉ tiêu vi sinh, kim loại nặng, dư lượng thuốc bảo vệ thực vật tại phòng thí nghiệm đạt chuẩn.',
    'Sampling and accredited lab tests for microbiology, heavy metals and pesticide residues.',
  ], 10),
  quoted('product-video', 'video', ['Quay video sản phẩm', 'Product video'], [
    'Quay và dựng video giới thiệu sản phẩm, vùng trồng, quy trình sản xuất cho mạng xã hội.',
    'Filming and editing of videos about your product, farm and production process for social media.',
  ], 14),
  quoted('marketplace-store-opening', 'shop', ['Mở gian hàng trên sàn thương mại điện tử', 'Marketplace store opening'], [
    'Mở và xác minh gian hàng chính hãng trên Shopee, Lazada, TikTok Shop, đăng sản phẩm đầu tiên.',
    'Open and verify an official store on Shopee, Lazada and TikTok Shop, and list your first products.',
  ], 7),
  quoted('advertising', 'advertising', ['Quảng cáo', 'Advertising'], [
    'Lập kế hoạch và chạy quảng cáo trên Facebook, Google, TikTok và sàn thương mại điện tử.',
    'Planning and running ads on Facebook, Google, TikTok and the marketplaces.',
  ], 30),
  quoted('kol-review', 'kol', ['KOL đánh giá sản phẩm', 'KOL review'], [
    'Kết nối người có ảnh hưởng (KOL, KOC) trải nghiệm và đánh giá sản phẩm.',
    'Connecting influencers (KOLs, KOCs) who try and review your product.',
  ], 21),
  quoted('loan-support', 'loan', ['Hỗ trợ vay vốn', 'Loan support'], [
    'Tư vấn phương án và hồ sơ vay vốn ưu đãi cho sản xuất nông nghiệp từ ngân hàng và quỹ hỗ trợ.',
    'Advice on plans and dossiers for preferential agricultural loans from banks and support funds.',
  ], 30),
  quoted('event-organising', 'event', ['Tổ chức sự kiện', 'Event organising'], [
    'Tổ chức ra mắt sản phẩm, hội chợ, gian hàng trưng bày và hội nghị kết nối giao thương.',
    'Product launches, fairs, exhibition booths and trade matching events.',
  ], 30),
  quoted('logistics', 'logistics', ['Vận chuyển, logistics', 'Logistics'], [
    'Vận chuyển hàng nông sản, hàng lạnh trong nước và hỗ trợ thủ tục xuất khẩu.',
    'Domestic transport of farm produce and chilled goods, and help with export procedures.',
  ], 7),
];

const departmentRegistration: SeedService = {
  slug: SERVICE_SLUGS.departmentRegistration,
  icon: 'department',
  type: 2,
  title: ['Đăng ký gian hàng trưng bày', 'Department registration'],
  description: [
    'Thuê gian hàng, quầy trưng bày sản phẩm tại showroom của Foodmap; giá thuê theo tháng tùy vị trí và diện tích.',
    "Rent a booth or showroom space at Foodmap's showrooms; the monthly price depends on the location and size.",
  ],
  targetDays: short(7),
};

/** The 19 services of spec §1 and the priced ones of §9, in display order. */
const MARKETPLACE: SeedService[] = [
  gs1Barcode,
  foodDeclaration,
  traceability,
  multichannel,
  digitalSignature,
  trademark,
  ministryWebsite,
  eInvoice,
  logoDesign,
  shopDesign,
  ...QUOTED,
];

/** Each platform's catalogue, in display order (DESIGN §5.2). */
export const SERVICE_CATALOGUE: Record<PlatformKey, SeedService[]> = {
  dtrack: [traceability, multichannel, gs1Barcode, foodDeclaration],
  agrihub: MARKETPLACE,
  foodmap: [...MARKETPLACE, departmentRegistration],
};
