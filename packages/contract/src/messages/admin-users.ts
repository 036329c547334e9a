import type { Locale } from '../platforms.js';

/** Back-office accounts (staff users, producer users) and a producer's own deletion (issue 12, ADR 018). */
export const ADMIN_USER_MESSAGES = {
  vi: {
    // fields
    invalidRole: 'Vai trò không hợp lệ.',
    invalidAbility: 'Quyền không hợp lệ: chỉ chọn trong bảng quyền (đối tượng × thao tác).',
    invalidUserKind: 'Vui lòng chọn loại tài khoản: nhân viên hoặc người dùng của đơn vị sản xuất.',
    invalidActive: 'Trạng thái hoạt động không hợp lệ.',
    pleaseSelectRole: 'Tài khoản nhân viên cần ít nhất một vai trò.',
    pleaseSelectProducer: 'Vui lòng chọn đơn vị sản xuất.',
    invalidProducer: 'Đơn vị sản xuất không tồn tại hoặc đã bị xóa.',
    producerUserNoRoles: 'Người dùng của đơn vị sản xuất không có vai trò hay quyền quản trị.',
    // who may change what
    only_admin_grants_admin: 'Chỉ quản trị viên (vai trò admin) mới được cấp hoặc gỡ vai trò admin.',
    only_admin_changes_admin: 'Chỉ quản trị viên (vai trò admin) mới được thay đổi tài khoản có vai trò admin.',
    account_above_your_rights:
      'Bạn chỉ được thao tác trên tài khoản mà mọi vai trò và quyền của nó bạn cũng có; tài khoản này có vai trò hoặc quyền bạn không có.',
    only_admin_creates_producer_user:
      'Chỉ quản trị viên (vai trò admin) mới được tạo tài khoản gắn với một đơn vị sản xuất.',
    only_admin_resets_producer_password:
      'Chỉ quản trị viên (vai trò admin) mới được đặt lại mật khẩu tài khoản của đơn vị sản xuất.',
    cannot_remove_own_admin: 'Bạn không thể tự gỡ vai trò admin của chính mình.',
    cannot_deactivate_self: 'Bạn không thể tự vô hiệu hóa tài khoản của chính mình.',
    role_not_yours_to_grant: 'Bạn chỉ được cấp hoặc gỡ những vai trò mà chính bạn có.',
    ability_not_yours_to_grant: 'Bạn chỉ được cấp hoặc gỡ những quyền mà chính bạn có.',
    user_already_deactivated: 'Tài khoản này đã bị vô hiệu hóa.',
    user_already_active: 'Tài khoản này đang hoạt động.',
    user_is_deactivated: 'Tài khoản đang bị vô hiệu hóa: hãy kích hoạt lại trước khi đặt lại mật khẩu.',
    account_deactivated: 'Tài khoản của bạn đã bị vô hiệu hóa. Vui lòng liên hệ quản trị viên của nền tảng.',
    // answers
    user_created: 'Đã tạo tài khoản. Người dùng sẽ phải đổi mật khẩu ở lần đăng nhập đầu tiên.',
    user_created_invited: 'Đã tạo tài khoản và gửi email để người dùng tự đặt mật khẩu.',
    user_updated: 'Đã lưu thông tin tài khoản.',
    user_deactivated: 'Đã vô hiệu hóa tài khoản; mọi phiên đăng nhập của tài khoản đã kết thúc.',
    user_reactivated: 'Đã kích hoạt lại tài khoản.',
    user_password_reset:
      'Đã đặt lại mật khẩu: các phiên đăng nhập đã kết thúc và email chứa liên kết đặt mật khẩu mới đã được gửi.',
    user_folder_created: 'Đã tạo thư mục tài liệu của người dùng.',
    user_folder_exists: 'Thư mục tài liệu của người dùng đã có sẵn.',
    // what a user manager changed, as the account's holder is told it
    user_changed_field_name: 'họ tên',
    user_changed_field_phone: 'số điện thoại',
    user_changed_field_locale: 'ngôn ngữ',
    user_changed_field_roles: 'vai trò',
    user_changed_field_abilities: 'quyền',
    user_changed_field_document_folder: 'thư mục tài liệu',
    // mails
    invite_mail_subject: '[{{platform}}] Tài khoản của bạn đã được tạo',
    invite_mail_body:
      'Xin chào {{name}},\n\nQuản trị viên {{platform}} đã tạo tài khoản {{email}} cho bạn.\n' +
      'Mở liên kết sau để đặt mật khẩu (liên kết có hiệu lực trong {{hours}} giờ và chỉ dùng được một lần):\n\n{{link}}\n\n' +
      'Sau đó đăng nhập tại {{login}}.\n\nTrân trọng,\nĐội ngũ {{platform}}',
    welcome_mail_subject: '[{{platform}}] Tài khoản của bạn đã được tạo',
    welcome_mail_body:
      'Xin chào {{name}},\n\nQuản trị viên {{platform}} đã tạo tài khoản {{email}} cho bạn.\n' +
      'Đăng nhập tại {{login}} bằng mật khẩu quản trị viên đã trao cho bạn; bạn sẽ được yêu cầu đổi mật khẩu ngay ở lần đăng nhập đầu tiên.\n\n' +
      'Trân trọng,\nĐội ngũ {{platform}}',
    admin_reset_mail_subject: '[{{platform}}] Mật khẩu của bạn đã được đặt lại',
    admin_reset_mail_body:
      'Xin chào {{name}},\n\nQuản trị viên {{platform}} đã đặt lại mật khẩu của tài khoản {{email}}; mọi phiên đăng nhập đã kết thúc.\n' +
      'Mở liên kết sau để đặt mật khẩu mới (liên kết có hiệu lực trong {{hours}} giờ và chỉ dùng được một lần):\n\n{{link}}\n\n' +
      'Nếu bạn không biết vì sao, hãy liên hệ quản trị viên.\n\nTrân trọng,\nĐội ngũ {{platform}}',
    // a producer deleted by its own account
    producer_delete_blocked:
      'Chưa thể xóa đơn vị sản xuất vì còn {{what}}. Vui lòng liên hệ quản trị viên của nền tảng để đóng đơn vị.',
    producer_delete_blocker_published_batches: '{{count}} lô hàng đã công bố',
    producer_delete_blocker_open_service_requests: '{{count}} yêu cầu dịch vụ đang mở',
    producer_delete_blocker_approved_listings: '{{count}} đăng ký kênh bán đã được duyệt',
    producer_delete_own_only:
      'Chỉ tài khoản của chính đơn vị sản xuất mới xóa được đơn vị; quản trị viên hãy đóng đơn vị.',
    producer_deleted: 'Đã xóa đơn vị sản xuất. Các tài khoản của đơn vị đã bị vô hiệu hóa.',
  },
  en: {
    invalidRole: 'Invalid role.',
    invalidAbility: 'Invalid permission: choose only from the permission grid (subject × action).',
    invalidUserKind: 'Choose the kind of account: staff or a producer’s user.',
    invalidActive: 'Invalid active state.',
    pleaseSelectRole: 'A staff account needs at least one role.',
    pleaseSelectProducer: 'Please choose the producer.',
    invalidProducer: 'This producer does not exist or was deleted.',
    producerUserNoRoles: 'A producer’s user has no administrator roles or permissions.',
    only_admin_grants_admin: 'Only an administrator (role admin) grants or removes the admin role.',
    only_admin_changes_admin: 'Only an administrator (role admin) changes an account that has the admin role.',
    account_above_your_rights:
      'You may only act on an account whose roles and permissions you all hold yourself; this account has a role or permission you lack.',
    only_admin_creates_producer_user: 'Only an administrator (role admin) creates an account attached to a producer.',
    only_admin_resets_producer_password:
      'Only an administrator (role admin) resets the password of a producer’s account.',
    cannot_remove_own_admin: 'You cannot remove your own admin role.',
    cannot_deactivate_self: 'You cannot deactivate your own account.',
    role_not_yours_to_grant: 'You may only grant or remove roles you hold yourself.',
    ability_not_yours_to_grant: 'You may only grant or remove permissions you have yourself.',
    user_already_deactivated: 'This account is already deactivated.',
    user_already_active: 'This account is already active.',
    user_is_deactivated: 'This account is deactivated: reactivate it before resetting its password.',
    account_deactivated: 'Your account has been deactivated. Please contact the platform’s administrator.',
    user_created: 'The account was created. The user must change the password at the first login.',
    user_created_invited: 'The account was created and the user was mailed a link to choose a password.',
    user_updated: 'The account was saved.',
    user_deactivated: 'The account was deactivated; all of its sessions have ended.',
    user_reactivated: 'The account was reactivated.',
    user_password_reset:
      'The password was reset: the sessions have ended and a link to choose a new password was mailed.',
    user_folder_created: 'The user’s document folder was created.',
    user_folder_exists: 'The user’s document folder already exists.',
    user_changed_field_name: 'name',
    user_changed_field_phone: 'phone number',
    user_changed_field_locale: 'language',
    user_changed_field_roles: 'roles',
    user_changed_field_abilities: 'permissions',
    user_changed_field_document_folder: 'document folder',
    invite_mail_subject: '[{{platform}}] Your account was created',
    invite_mail_body:
      'Hello {{name}},\n\nAn administrator of {{platform}} created the account {{email}} for you.\n' +
      'Open this link to choose your password (valid for {{hours}} hours, usable once):\n\n{{link}}\n\n' +
      'Then sign in at {{login}}.\n\nRegards,\nThe {{platform}} team',
    welcome_mail_subject: '[{{platform}}] Your account was created',
    welcome_mail_body:
      'Hello {{name}},\n\nAn administrator of {{platform}} created the account {{email}} for you.\n' +
      'Sign in at {{login}} with the password the administrator gave you; you will be asked to change it at once.\n\n' +
      'Regards,\nThe {{platform}} team',
    admin_reset_mail_subject: '[{{platform}}] Your password was reset',
    admin_reset_mail_body:
      'Hello {{name}},\n\nAn administrator of {{platform}} reset the password of the account {{email}}; every session has ended.\n' +
      'Open this link to choose a new password (valid for {{hours}} hours, usable once):\n\n{{link}}\n\n' +
      'If you do not know why, contact the administrator.\n\nRegards,\nThe {{platform}} team',
    producer_delete_blocked:
      'The producer cannot be deleted yet: it still has {{what}}. Please ask the platform’s administrator to close it.',
    producer_delete_blocker_published_batches: 'published batches ({{count}})',
    producer_delete_blocker_open_service_requests: 'open service requests ({{count}})',
    producer_delete_blocker_approved_listings: 'approved sales channel registrations ({{count}})',
    producer_delete_own_only: 'Only the producer’s own accounts delete it; administrators close producers instead.',
    producer_deleted: 'The producer was deleted. Its accounts have been deactivated.',
  },
} as const satisfies Record<Locale, Record<string, string>>;
