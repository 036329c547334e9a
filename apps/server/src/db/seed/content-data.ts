import { INFORMATION_SECURITY_SLUG, type TraceStep } from '@agrihub/contract';

/**
 * The demo content of every platform (DESIGN §5.4): a two-level post category tree, a dozen news
 * posts in Vietnamese (one scheduled, one draft), FAQs in groups and the page views. `{platform}`
 * in a text is replaced by the platform's name.
 */

export interface PlannedCategory {
  name: string;
  children: string[];
}

export const POST_CATEGORY_TREE: PlannedCategory[] = [
  { name: 'Tin tức', children: ['Thị trường nông sản', 'Chính sách'] },
  { name: 'Kiến thức', children: ['Truy xuất nguồn gốc', 'Kỹ thuật canh tác'] },
];

export interface PlannedPost {
  slug: string;
  title: string;
  /** The leaf category's name. */
  category: string;
  summary: string;
  body: string;
  /** The generated cover's scene. */
  scene: TraceStep;
  /** Published this many days ago; negative: scheduled that many days ahead. */
  daysAgo: number;
  status: 'published' | 'scheduled' | 'draft';
  views: number;
  metaDescription?: string;
}

export const DEMO_POSTS: PlannedPost[] = [
  {
    slug: 'gia-ca-phe-tay-nguyen-lap-dinh-moi',
    title: 'Giá cà phê Tây Nguyên lập đỉnh mới, nông dân phấn khởi',
    category: 'Thị trường nông sản',
    summary:
      'Giá cà phê nhân xô tại các tỉnh Tây Nguyên tiếp tục tăng trong tuần qua; nhiều hộ trồng cà phê có lãi cao nhất trong mười năm.',
    scene: 'harvesting',
    daysAgo: 3,
    status: 'published',
    views: 1284,
    body: `<p>Tuần qua, giá cà phê nhân xô tại các tỉnh Tây Nguyên tiếp tục đi lên nhờ nguồn cung toàn cầu thiếu hụt và nhu cầu từ các nhà rang xay châu Âu tăng trở lại.</p>
<h2>Giá thu mua tại một số địa phương</h2>
<table><thead><tr><th>Tỉnh</th><th>Giá tuần trước (đồng/kg)</th><th>Giá tuần này (đồng/kg)</th></tr></thead>
<tbody><tr><td>Đắk Lắk</td><td>118.500</td><td>121.800</td></tr>
<tr><td>Lâm Đồng</td><td>117.900</td><td>121.200</td></tr>
<tr><td>Gia Lai</td><td>118.300</td><td>121.600</td></tr>
<tr><td>Đắk Nông</td><td>118.600</td><td>121.900</td></tr></tbody></table>
<h2>Nông dân cần lưu ý gì?</h2>
<ul><li>Không bán non khi giá biến động mạnh; theo dõi giá hằng ngày từ nhiều nguồn.</li>
<li>Phơi, sấy đúng độ ẩm (dưới 13%) để giữ chất lượng và giá bán.</li>
<li>Ghi chép đầy đủ nhật ký canh tác: các nhà nhập khẩu châu Âu ngày càng yêu cầu truy xuất nguồn gốc theo quy định chống phá rừng (EUDR).</li></ul>
<p>Các chuyên gia dự báo giá có thể điều chỉnh nhẹ khi vụ thu hoạch mới vào cao điểm, nhưng vẫn ở mức cao so với cùng kỳ.</p>`,
  },
  {
    slug: 'sau-rieng-mo-rong-xuat-khau-chinh-ngach',
    title: 'Sầu riêng Việt Nam mở rộng thị trường xuất khẩu chính ngạch',
    category: 'Thị trường nông sản',
    summary:
      'Thêm nhiều vùng trồng và cơ sở đóng gói được cấp mã số, mở đường cho sầu riêng tươi và đông lạnh vào các thị trường khó tính.',
    scene: 'packing',
    daysAgo: 9,
    status: 'published',
    views: 856,
    body: `<p>Sau khi được cấp thêm mã số vùng trồng và mã số cơ sở đóng gói, sầu riêng Việt Nam tiếp tục là mặt hàng trái cây xuất khẩu chủ lực.</p>
<h2>Điều kiện để lô hàng được thông quan</h2>
<ol><li>Vùng trồng và cơ sở đóng gói có mã số còn hiệu lực.</li>
<li>Kiểm soát dư lượng thuốc bảo vệ thực vật, đặc biệt là các hoạt chất bị cấm.</li>
<li>Hồ sơ truy xuất nguồn gốc đầy đủ từ vườn đến kho đóng gói.</li></ol>
<h3>Kinh nghiệm từ các hợp tác xã</h3>
<p>Nhiều hợp tác xã ở Tiền Giang và Đắk Lắk đã số hóa nhật ký sản xuất, gắn mã QR cho từng lô hàng để khách mua kiểm tra nhanh nguồn gốc.</p>`,
  },
  {
    slug: 'rau-an-toan-da-lat-nhu-cau-tang-cuoi-nam',
    title: 'Rau an toàn Đà Lạt: nhu cầu tăng mạnh dịp cuối năm',
    category: 'Thị trường nông sản',
    summary:
      'Các nhà vườn ở Đà Lạt tăng diện tích rau thủy canh và rau hữu cơ để đáp ứng đơn hàng của chuỗi siêu thị dịp cuối năm.',
    scene: 'caring',
    daysAgo: -3,
    status: 'scheduled',
    views: 0,
    body: `<p>Những tháng cuối năm, nhu cầu rau an toàn tại các thành phố lớn tăng 20–30% so với ngày thường.</p>
<h2>Nhà vườn chuẩn bị thế nào?</h2>
<ul><li>Xuống giống sớm các loại rau ăn lá ngắn ngày.</li>
<li>Ký hợp đồng bao tiêu với siêu thị, bếp ăn tập thể.</li>
<li>Dán tem truy xuất nguồn gốc trên từng túi rau để tăng niềm tin của người mua.</li></ul>`,
  },
  {
    slug: 'truy-xuat-nguon-goc-hang-hoa-doanh-nghiep-can-chuan-bi',
    title: 'Quy định về truy xuất nguồn gốc hàng hóa: doanh nghiệp cần chuẩn bị gì?',
    category: 'Chính sách',
    summary:
      'Truy xuất nguồn gốc đang dần trở thành yêu cầu bắt buộc với nhiều nhóm hàng; doanh nghiệp nên chuẩn bị dữ liệu và quy trình ngay từ bây giờ.',
    scene: 'processing',
    daysAgo: 6,
    status: 'published',
    views: 642,
    metaDescription:
      'Những việc doanh nghiệp nông sản cần làm để đáp ứng yêu cầu truy xuất nguồn gốc: mã định danh, nhật ký sản xuất, tem QR.',
    body: `<p>Các quy định về truy xuất nguồn gốc yêu cầu doanh nghiệp lưu giữ thông tin về sản phẩm, lô hàng và các khâu trong chuỗi cung ứng, đồng thời cung cấp cho cơ quan quản lý và người tiêu dùng khi cần.</p>
<h2>Ba việc nên làm ngay</h2>
<ol><li><strong>Định danh sản phẩm</strong>: đăng ký mã số mã vạch (GTIN) cho từng sản phẩm.</li>
<li><strong>Ghi nhật ký theo lô</strong>: ngày sản xuất, vùng nguyên liệu, các công đoạn chế biến, đóng gói.</li>
<li><strong>Gắn tem QR</strong>: mỗi lô hàng một mã, dẫn tới trang thông tin công khai.</li></ol>
<p>Tiêu chuẩn quốc tế về liên kết số cho mã vạch được mô tả tại <a href="https://www.gs1.org/standards/gs1-digital-link" target="_blank">trang GS1 Digital Link</a>.</p>
<blockquote><p>Truy xuất nguồn gốc không chỉ để đối phó kiểm tra, mà là cách nhanh nhất để người mua tin sản phẩm của bạn.</p></blockquote>`,
  },
  {
    slug: 'ho-tro-hop-tac-xa-chuyen-doi-so',
    title: 'Hỗ trợ hợp tác xã chuyển đổi số trong sản xuất nông nghiệp',
    category: 'Chính sách',
    summary:
      'Nhiều địa phương hỗ trợ kinh phí để hợp tác xã ứng dụng phần mềm quản lý, nhật ký điện tử và bán hàng trên sàn thương mại điện tử.',
    scene: 'storing',
    daysAgo: 14,
    status: 'published',
    views: 415,
    body: `<p>Chương trình hỗ trợ chuyển đổi số cho khu vực kinh tế tập thể tập trung vào ba nội dung chính.</p>
<h2>Nội dung được hỗ trợ</h2>
<ul><li>Phần mềm quản lý thành viên, vật tư và sản lượng.</li>
<li>Nhật ký sản xuất điện tử, tem truy xuất nguồn gốc.</li>
<li>Đào tạo kỹ năng bán hàng trên các sàn thương mại điện tử.</li></ul>
<h3>Hồ sơ đăng ký</h3>
<p>Hợp tác xã liên hệ phòng nông nghiệp cấp huyện hoặc Liên minh Hợp tác xã tỉnh để được hướng dẫn hồ sơ và mức hỗ trợ cụ thể.</p>`,
  },
  {
    slug: 'quy-dinh-ghi-nhan-hang-hoa-nong-san',
    title: 'Quy định ghi nhãn hàng hóa nông sản: những điểm cần nhớ',
    category: 'Chính sách',
    summary: 'Tổng hợp các nội dung bắt buộc trên nhãn hàng hóa nông sản đóng gói sẵn.',
    scene: 'packing',
    daysAgo: 1,
    status: 'draft',
    views: 0,
    body: `<p>Bản nháp: tổng hợp các nội dung bắt buộc trên nhãn (tên hàng hóa, tổ chức chịu trách nhiệm, xuất xứ, định lượng, ngày sản xuất, hạn sử dụng…).</p>
<ul><li>Tên hàng hóa</li><li>Tên và địa chỉ tổ chức chịu trách nhiệm</li><li>Xuất xứ hàng hóa</li></ul>`,
  },
  {
    slug: 'ma-qr-truy-xuat-nguon-goc-hoat-dong-nhu-the-nao',
    title: 'Mã QR truy xuất nguồn gốc hoạt động như thế nào?',
    category: 'Truy xuất nguồn gốc',
    summary:
      'Từ một lần quét điện thoại, người mua xem được nơi trồng, ngày thu hoạch, các công đoạn chế biến và chứng nhận của sản phẩm.',
    scene: 'receiving',
    daysAgo: 20,
    status: 'published',
    views: 1530,
    body: `<p>Mỗi lô hàng trên {platform} có một mã công khai. Mã QR in trên bao bì dẫn tới trang truy xuất của đúng lô hàng đó.</p>
<h2>Người mua thấy gì khi quét mã?</h2>
<ul><li>Sản phẩm, nhà sản xuất và vùng nguyên liệu.</li>
<li>Dòng thời gian các công đoạn: gieo trồng, chăm sóc, thu hoạch, chế biến, đóng gói, vận chuyển.</li>
<li>Chứng nhận còn hiệu lực và cảnh báo khi lô hàng bị thu hồi.</li></ul>
<h2>Vì sao nên dùng mã theo lô?</h2>
<p>Mã theo lô giúp khoanh vùng nhanh khi có sự cố chất lượng, thay vì thu hồi toàn bộ sản phẩm.</p>`,
  },
  {
    slug: 'gs1-digital-link-mot-ma-cho-truy-xuat-va-ban-hang',
    title: 'GS1 Digital Link: một mã cho cả truy xuất và bán hàng',
    category: 'Truy xuất nguồn gốc',
    summary:
      'Chuẩn GS1 Digital Link cho phép một mã QR vừa thay mã vạch khi thanh toán, vừa dẫn người mua tới thông tin truy xuất.',
    scene: 'shipping',
    daysAgo: 25,
    status: 'published',
    views: 377,
    body: `<p>GS1 Digital Link mã hóa mã số sản phẩm (GTIN) và số lô vào một đường dẫn web, ví dụ <code>/01/08936000000011/10/LO2025</code>.</p>
<h2>Lợi ích</h2>
<ol><li>Một mã duy nhất trên bao bì cho cả quầy thu ngân và người tiêu dùng.</li>
<li>Thông tin luôn cập nhật mà không phải in lại tem.</li>
<li>Tương thích với hệ thống của các nhà bán lẻ lớn.</li></ol>
<p>Tìm hiểu thêm tại <a href="https://www.gs1.org/standards/gs1-digital-link" target="_blank">gs1.org</a>.</p>`,
  },
  {
    slug: '5-buoc-ghi-nhat-ky-san-xuat-dien-tu',
    title: '5 bước ghi nhật ký sản xuất điện tử cho một lô hàng',
    category: 'Truy xuất nguồn gốc',
    summary: 'Hướng dẫn từng bước tạo lô hàng, ghi các công đoạn kèm ảnh và phát hành trang truy xuất cho người mua.',
    scene: 'planting',
    daysAgo: 30,
    status: 'published',
    views: 998,
    body: `<h2>Các bước thực hiện</h2>
<ol><li>Tạo lô hàng: chọn sản phẩm, nhập số lô, ngày sản xuất, hạn sử dụng.</li>
<li>Thêm công đoạn gieo trồng kèm ảnh và địa điểm.</li>
<li>Ghi các lần chăm sóc, bón phân, phun thuốc (tên thuốc, liều lượng, thời gian cách ly).</li>
<li>Ghi thu hoạch, sơ chế và đóng gói.</li>
<li>Phát hành lô hàng và in tem QR.</li></ol>
<p><em>Mẹo:</em> chụp ảnh ngay tại ruộng giúp nhật ký đáng tin cậy hơn với người mua.</p>`,
  },
  {
    slug: 'ky-thuat-tuoi-nho-giot-cho-cay-an-trai',
    title: 'Kỹ thuật tưới nhỏ giọt tiết kiệm nước cho cây ăn trái',
    category: 'Kỹ thuật canh tác',
    summary: 'Tưới nhỏ giọt giúp tiết kiệm 30–50% lượng nước, giảm công lao động và hạn chế nấm bệnh vùng rễ.',
    scene: 'caring',
    daysAgo: 12,
    status: 'published',
    views: 721,
    body: `<p>Trong mùa khô, tưới nhỏ giọt là giải pháp hiệu quả cho vườn sầu riêng, bưởi, xoài.</p>
<h2>Thiết kế hệ thống</h2>
<ul><li>Bộ lọc đĩa hoặc lọc lưới đặt ngay sau máy bơm.</li>
<li>Ống chính, ống nhánh và đầu nhỏ giọt có bù áp.</li>
<li>Bồn hòa phân để bón phân qua nước tưới.</li></ul>
<h2>Lượng nước tham khảo</h2>
<p>Cây 3–5 năm tuổi cần khoảng 40–60 lít nước mỗi ngày vào mùa khô; điều chỉnh theo độ ẩm đất.</p>`,
  },
  {
    slug: 'u-phan-huu-co-vi-sinh-tu-phu-pham',
    title: 'Ủ phân hữu cơ vi sinh từ phụ phẩm nông nghiệp',
    category: 'Kỹ thuật canh tác',
    summary: 'Tận dụng rơm rạ, vỏ cà phê, phân chuồng để ủ phân hữu cơ, vừa giảm chi phí vừa cải tạo đất.',
    scene: 'other',
    daysAgo: 18,
    status: 'published',
    views: 503,
    body: `<h2>Nguyên liệu</h2>
<ul><li>1 tấn phụ phẩm (rơm rạ, vỏ cà phê, thân cây ngô).</li>
<li>200–300 kg phân chuồng.</li>
<li>1 kg chế phẩm vi sinh (Trichoderma).</li></ul>
<h2>Cách ủ</h2>
<ol><li>Băm nhỏ phụ phẩm, tưới ẩm đạt 50–60%.</li>
<li>Xếp từng lớp 20–30 cm, rắc chế phẩm xen giữa các lớp.</li>
<li>Đậy bạt, đảo trộn sau 15–20 ngày; phân hoai sau 45–60 ngày.</li></ol>`,
  },
  {
    slug: 'quan-ly-dich-hai-tong-hop-ipm-tren-lua',
    title: 'Quản lý dịch hại tổng hợp (IPM) trên lúa',
    category: 'Kỹ thuật canh tác',
    summary: 'Áp dụng IPM giúp giảm lượng thuốc bảo vệ thực vật, bảo vệ thiên địch và nâng cao giá trị hạt lúa.',
    scene: 'harvesting',
    daysAgo: 35,
    status: 'published',
    views: 289,
    body: `<p>IPM kết hợp nhiều biện pháp để giữ dịch hại dưới ngưỡng gây hại kinh tế.</p>
<h2>Bốn nguyên tắc</h2>
<ol><li>Trồng cây khỏe: giống tốt, bón phân cân đối.</li>
<li>Bảo vệ thiên địch.</li>
<li>Thăm đồng thường xuyên.</li>
<li>Nông dân trở thành chuyên gia trên đồng ruộng của mình.</li></ol>
<p>Ghi lại các lần phun thuốc trong nhật ký điện tử giúp chứng minh lúa đạt tiêu chuẩn an toàn khi bán cho doanh nghiệp.</p>`,
  },
];

export interface PlannedFaq {
  group: string;
  question: string;
  answer: string;
}

export const DEMO_FAQS: PlannedFaq[] = [
  {
    group: 'Tài khoản',
    question: 'Làm thế nào để đăng ký tài khoản nhà sản xuất?',
    answer:
      '<p>Chọn <strong>Đăng ký</strong> ở góc trên, nhập email và mật khẩu, sau đó khai báo thông tin doanh nghiệp, hợp tác xã hoặc hộ sản xuất. Hồ sơ được quản trị viên duyệt trong 1–2 ngày làm việc.</p>',
  },
  {
    group: 'Tài khoản',
    question: 'Tôi quên mật khẩu thì phải làm sao?',
    answer:
      '<p>Tại trang đăng nhập, chọn <em>Quên mật khẩu</em> và nhập email đã đăng ký. Bạn sẽ nhận được đường dẫn đặt lại mật khẩu, có hiệu lực trong 60 phút.</p>',
  },
  {
    group: 'Tài khoản',
    question: 'Một email có dùng được cho nhiều nền tảng không?',
    answer:
      '<p>Có. Mỗi nền tảng quản lý tài khoản riêng, vì vậy bạn có thể dùng cùng một email để đăng ký trên từng nền tảng.</p>',
  },
  {
    group: 'Truy xuất nguồn gốc',
    question: 'Mã QR truy xuất nguồn gốc gắn với sản phẩm hay với lô hàng?',
    answer:
      '<p>Với lô hàng. Mỗi lô có một mã riêng, dẫn tới trang ghi đầy đủ các công đoạn, ảnh và chứng nhận của đúng lô đó.</p>',
  },
  {
    group: 'Truy xuất nguồn gốc',
    question: 'Sau khi phát hành lô hàng, tôi có sửa được thông tin không?',
    answer:
      '<p>Bạn có thể bổ sung công đoạn mới. Khi phát hiện sự cố, bạn có thể <strong>tạm dừng</strong> hoặc <strong>thu hồi</strong> lô hàng; trang truy xuất sẽ hiện cảnh báo cho người mua.</p>',
  },
  {
    group: 'Truy xuất nguồn gốc',
    question: 'Người mua có cần cài ứng dụng để quét mã không?',
    answer:
      '<p>Không cần. Camera của hầu hết điện thoại đều đọc được mã QR và mở trang truy xuất ngay trên trình duyệt.</p>',
  },
  {
    group: 'Dịch vụ',
    question: 'Các dịch vụ hỗ trợ gồm những gì?',
    answer:
      '<ul><li>Đăng ký mã số mã vạch (GS1).</li><li>Tự công bố sản phẩm.</li><li>Thiết kế tem nhãn và tem truy xuất nguồn gốc.</li><li>Tư vấn đưa sản phẩm lên sàn thương mại điện tử.</li></ul>',
  },
  {
    group: 'Dịch vụ',
    question: 'Chi phí dịch vụ được tính như thế nào?',
    answer:
      '<p>Mỗi dịch vụ có bảng giá công khai trên trang Dịch vụ. Sau khi bạn gửi yêu cầu, chuyên viên sẽ gọi lại để báo giá chính xác theo số lượng sản phẩm.</p>',
  },
  {
    group: 'Kênh bán',
    question: 'Tôi có thể bán sản phẩm trên những sàn nào?',
    answer:
      '<p>Hiện hỗ trợ Shopee, Lazada, TikTok Shop, Tiki, Postmart, Voso và cửa hàng riêng của {platform}. Mỗi kênh có yêu cầu riêng về mã vạch, số ảnh và mô tả sản phẩm.</p>',
  },
  {
    group: 'Kênh bán',
    question: 'Vì sao sản phẩm của tôi chưa chọn được để đăng ký kênh bán?',
    answer:
      '<p>Sản phẩm cần được duyệt và đáp ứng yêu cầu của kênh (ví dụ: có mã GTIN, đủ số ảnh, mô tả đủ dài). Trang <em>Kênh bán hàng</em> cho biết sản phẩm còn thiếu gì.</p>',
  },
];

export interface PlannedPageView {
  slug: string;
  title: string;
  body: string;
  status: 'published' | 'draft';
  metaDescription?: string;
}

export const INFORMATION_SECURITY_BODY = `<p>{platform} tôn trọng và bảo vệ dữ liệu cá nhân của người dùng, khách hàng và đối tác. Thông báo này giải thích dữ liệu nào được xử lý, vì sao, trong bao lâu và quyền của bạn, theo <strong>Nghị định 13/2023/NĐ-CP</strong> về bảo vệ dữ liệu cá nhân và <strong>Luật Bảo vệ dữ liệu cá nhân năm 2025</strong> (Luật số 91/2025/QH15, có hiệu lực từ ngày 01/01/2026).</p>
<h2>1. Dữ liệu chúng tôi thu thập</h2>
<ul><li>Thông tin tài khoản: họ tên, email, số điện thoại, mật khẩu (chỉ lưu dạng băm).</li>
<li>Thông tin nhà sản xuất: tên doanh nghiệp, mã số thuế, địa chỉ, người đại diện.</li>
<li>Thông tin liên hệ bạn gửi qua biểu mẫu tư vấn: họ tên, số điện thoại, email, công ty, nội dung cần tư vấn.</li>
<li>Dữ liệu kỹ thuật: địa chỉ IP (rút gọn), thời điểm truy cập, dùng để bảo mật và thống kê lượt quét mã.</li></ul>
<h2>2. Mục đích xử lý</h2>
<ol><li>Cung cấp dịch vụ: quản lý sản phẩm, lô hàng, trang truy xuất nguồn gốc và kênh bán.</li>
<li>Liên hệ tư vấn khi bạn gửi yêu cầu và đồng ý cho chúng tôi xử lý dữ liệu.</li>
<li>Bảo đảm an toàn hệ thống, phòng chống gian lận và lạm dụng.</li>
<li>Thực hiện nghĩa vụ theo quy định của pháp luật.</li></ol>
<h2>3. Sự đồng ý của bạn</h2>
<p>Chúng tôi chỉ xử lý dữ liệu liên hệ khi bạn đánh dấu đồng ý trên biểu mẫu. Bạn có thể rút lại sự đồng ý bất cứ lúc nào; việc rút lại không ảnh hưởng đến việc xử lý đã thực hiện trước đó.</p>
<h2>4. Thời gian lưu trữ</h2>
<p>Dữ liệu tài khoản được lưu trong thời gian bạn sử dụng dịch vụ. Dữ liệu liên hệ tư vấn được lưu tối đa 24 tháng kể từ lần liên hệ cuối, trừ khi pháp luật yêu cầu lưu lâu hơn.</p>
<h2>5. Chia sẻ dữ liệu</h2>
<p>Chúng tôi không bán dữ liệu cá nhân. Dữ liệu chỉ được chia sẻ với đơn vị cung cấp dịch vụ kỹ thuật (máy chủ, gửi email) theo hợp đồng có cam kết bảo mật, hoặc với cơ quan nhà nước có thẩm quyền theo quy định.</p>
<h2>6. Quyền của chủ thể dữ liệu</h2>
<ul><li>Được biết, truy cập và yêu cầu cung cấp bản sao dữ liệu của mình.</li>
<li>Yêu cầu chỉnh sửa, xóa, hạn chế xử lý dữ liệu.</li>
<li>Rút lại sự đồng ý và phản đối việc xử lý dữ liệu.</li>
<li>Khiếu nại, tố cáo theo quy định của pháp luật.</li></ul>
<h2>7. Biện pháp bảo vệ</h2>
<p>Kết nối được mã hóa, mật khẩu lưu dạng băm bằng thuật toán argon2id, quyền truy cập dữ liệu được phân theo vai trò và ghi nhật ký thao tác.</p>
<h2>8. Liên hệ</h2>
<p>Mọi yêu cầu về dữ liệu cá nhân, vui lòng gửi tới <a href="mailto:{contactEmail}">{contactEmail}</a> hoặc qua biểu mẫu liên hệ bên dưới. Chúng tôi phản hồi trong vòng 72 giờ làm việc.</p>`;

export const DEMO_PAGE_VIEWS: PlannedPageView[] = [
  {
    slug: INFORMATION_SECURITY_SLUG,
    // As the footer's link and the page's fallback name it.
    title: 'Chính sách bảo mật thông tin',
    body: INFORMATION_SECURITY_BODY,
    status: 'published',
    metaDescription:
      'Cách {platform} thu thập, sử dụng và bảo vệ dữ liệu cá nhân theo Nghị định 13/2023/NĐ-CP và Luật Bảo vệ dữ liệu cá nhân 2025.',
  },
  {
    slug: 'gioi-thieu',
    title: 'Giới thiệu {platform}',
    status: 'published',
    body: `<p><strong>{platform}</strong> là nền tảng kết nối nhà sản xuất nông sản, thực phẩm với người tiêu dùng và các kênh phân phối.</p>
<h2>Chúng tôi làm gì?</h2>
<ul><li>Truy xuất nguồn gốc theo lô bằng mã QR và chuẩn GS1 Digital Link.</li>
<li>Dịch vụ hỗ trợ: mã số mã vạch, tự công bố sản phẩm, tem nhãn.</li>
<li>Đưa sản phẩm lên các sàn thương mại điện tử.</li></ul>
<h2>Liên hệ</h2>
<p>Email: <a href="mailto:{contactEmail}">{contactEmail}</a> – Điện thoại: <a href="tel:+842437000000">024 3700 0000</a></p>`,
  },
  {
    slug: 'dieu-khoan-su-dung',
    title: 'Điều khoản sử dụng',
    status: 'draft',
    body: `<p>Bản nháp điều khoản sử dụng dịch vụ của {platform}, đang chờ bộ phận pháp chế xem xét.</p>
<h2>1. Phạm vi áp dụng</h2><p>Điều khoản áp dụng cho mọi tài khoản đăng ký trên nền tảng.</p>`,
  },
];
