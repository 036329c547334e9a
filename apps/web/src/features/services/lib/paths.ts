/** The services pages' paths (the router's patterns are in config/paths.ts). */
export const servicePath = (slug: string) => `/services/${encodeURIComponent(slug)}`;
export const serviceRegisterPath = (slug: string) => `/services/${encodeURIComponent(slug)}/register`;
export const requestPath = (id: number) => `/services/requests/${id}`;
