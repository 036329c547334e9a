/** Messages of the producers' API keys for machine clients (ADR 039). */
export const API_KEY_MESSAGES = {
  vi: {
    pleaseInputApiKeyName: 'Vui lòng nhập tên khóa API.',
    invalidApiKeyAccess: 'Quyền của khóa API không hợp lệ.',
    api_key_expiry_past: 'Ngày hết hạn phải từ hôm nay trở đi.',
    api_key_limit: 'Mỗi đơn vị chỉ có tối đa {{max}} khóa API đang hoạt động. Hãy thu hồi khóa không dùng nữa.',
    api_key_required: 'Cần khóa API hợp lệ (Authorization: Bearer <khóa> hoặc X-API-Key).',
    api_key_invalid: 'Khóa API không hợp lệ, đã hết hạn hoặc đã bị thu hồi.',
    api_key_scope: 'Khóa API này không có quyền thực hiện thao tác này.',
    api_key_locked: 'Quá nhiều lần dùng khóa API sai. Vui lòng thử lại sau {{minutes}} phút.',
  },
  en: {
    pleaseInputApiKeyName: 'Please enter the API key’s name.',
    invalidApiKeyAccess: 'Invalid API key access.',
    api_key_expiry_past: 'The expiry date must be today or later.',
    api_key_limit: 'A producer may hold at most {{max}} active API keys. Revoke a key you no longer use.',
    api_key_required: 'A valid API key is required (Authorization: Bearer <key> or X-API-Key).',
    api_key_invalid: 'The API key is invalid, expired or revoked.',
    api_key_scope: 'This API key may not do this.',
    api_key_locked: 'Too many attempts with a wrong API key. Please try again in {{minutes}} minutes.',
  },
} as const;
