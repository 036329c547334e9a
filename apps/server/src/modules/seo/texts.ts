import type { Locale } from '@agrihub/contract';

/**
 * The words of the pages whose tags say what they are rather than quote a record (the news list,
 * the FAQs, the catalogue…), per language; `{{platform}}` is the platform's name.
 */
export const SEO_TEXTS = {
  vi: {
    news: 'Tin tức',
    newsDescription: 'Tin tức, hướng dẫn và câu chuyện về nông sản, truy xuất nguồn gốc và kinh doanh từ {{platform}}.',
    categoryDescription: 'Bài viết mục {{category}} trên {{platform}}.',
    faqs: 'Câu hỏi thường gặp',
    faqsDescription: 'Giải đáp những thắc mắc thường gặp khi sử dụng {{platform}}, và gửi câu hỏi cho chúng tôi.',
    security: 'Chính sách bảo mật thông tin',
    securityDescription: 'Cách {{platform}} thu thập, sử dụng và bảo vệ thông tin cá nhân của bạn.',
    services: 'Dịch vụ',
    servicesDescription: 'Các dịch vụ {{platform}} cung cấp cho nhà sản xuất và doanh nghiệp nông sản.',
    servicesClient: 'Tư vấn dịch vụ',
    servicesClientDescription: 'Để lại thông tin, {{platform}} sẽ gọi lại tư vấn dịch vụ phù hợp cho bạn.',
    trace: 'Truy xuất nguồn gốc',
    traceDescription: 'Thông tin truy xuất nguồn gốc sản phẩm do nhà sản xuất công bố trên {{platform}}.',
    traceBatch: 'Nhà sản xuất: {{producer}} · Lô {{lot}} · Sản xuất ngày {{date}}',
    traceProduct: 'Nhà sản xuất: {{producer}}. Nguồn gốc, chứng nhận và các lô sản phẩm đã công bố.',
    login: 'Đăng nhập',
    loginDescription: 'Đăng nhập {{platform}} để quản lý sản phẩm, lô hàng, mã QR truy xuất và dịch vụ của bạn.',
    diary: 'Nhật ký đồng ruộng',
    diaryDescription:
      'Ghi nhật ký ngay tại ruộng, ao, chuồng, kể cả khi không có sóng; nhật ký được gửi lên {{platform}} khi có mạng.',
    notFound: 'Không tìm thấy trang',
    notFoundDescription: 'Trang bạn tìm không tồn tại hoặc đã bị gỡ.',
  },
  en: {
    news: 'News',
    newsDescription: 'News, guides and stories about farm produce, traceability and trade from {{platform}}.',
    categoryDescription: 'Posts in {{category}} on {{platform}}.',
    faqs: 'Frequently asked questions',
    faqsDescription: 'Answers to the questions people often ask about {{platform}}, and a form to ask yours.',
    security: 'Information security policy',
    securityDescription: 'How {{platform}} collects, uses and protects your personal data.',
    services: 'Services',
    servicesDescription: 'The services {{platform}} offers producers and agri-food businesses.',
    servicesClient: 'Service advice',
    servicesClientDescription: 'Leave your details and {{platform}} will call you back about the right service.',
    trace: 'Traceability',
    traceDescription: 'Product traceability published by its producer on {{platform}}.',
    traceBatch: 'Producer: {{producer}} · Lot {{lot}} · Produced on {{date}}',
    traceProduct: 'Producer: {{producer}}. Origin, certificates and the published batches.',
    login: 'Log in',
    loginDescription: 'Log in to {{platform}} to manage your products, batches, traceability QR codes and services.',
    diary: 'Field diary',
    diaryDescription:
      'Keep the farm diary in the field, pond or barn, even with no signal; entries reach {{platform}} when the network returns.',
    notFound: 'Page not found',
    notFoundDescription: 'The page you are looking for does not exist or was taken down.',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type SeoTextKey = keyof (typeof SEO_TEXTS)['vi'];

export function seoText(locale: Locale, key: SeoTextKey, params: Record<string, string> = {}): string {
  return SEO_TEXTS[locale][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}
