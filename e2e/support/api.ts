import { expect, request, type APIRequestContext } from '@playwright/test';
import type { PlatformKey } from '@agrihub/contract';
import { DEMO_PASSWORD, demo, port, signUpAddress } from './fixtures';
import { png } from './png';

// What specs set up through the API (a producer of their own, its products) instead of clicking it
// together or changing the demo accounts.

/** API calls as a client of the platform (the Platform header names it: Node does not resolve *.localhost). */
export function apiClient(platform: PlatformKey, token?: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: `http://127.0.0.1:${port}`,
    extraHTTPHeaders: { Platform: platform, locale: 'vi', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
}

/** An access token of `email` (password grant). */
export async function tokenOf(anon: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await anon.post('/oauth/token', { form: { grant_type: 'password', username: email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The platform's demo administrator, signed in through the API. */
export async function adminClient(platform: PlatformKey, anon: APIRequestContext): Promise<APIRequestContext> {
  return apiClient(platform, await tokenOf(anon, demo('admin', platform), DEMO_PASSWORD));
}

/**
 * A new producer account signed up through the public registration, its producer approved by the
 * administrator; returns the producer's API client.
 */
export async function approvedProducer(
  platform: PlatformKey,
  anon: APIRequestContext,
  admin: APIRequestContext,
  account: { email: string; password: string; name: string; producer: string },
): Promise<APIRequestContext> {
  const registered = await anon.post('/api/v1/registrations', {
    headers: signUpAddress(account.email),
    data: {
      email: account.email,
      password: account.password,
      name: account.name,
      producer: { name: account.producer, producer_type: 'cooperative' },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const producerId = ((await registered.json()) as { data: { user: { producer_id: number } } }).data.user.producer_id;
  const approved = await admin.put(`/api/v1/admin/producers/${producerId}/status`, { data: { status: 'approved' } });
  expect(approved.status(), await approved.text()).toBe(200);
  return apiClient(platform, await tokenOf(anon, account.email, account.password));
}

/** Solid-colour PNG photos uploaded by the producer (one per colour); their ids. */
export async function uploadImages(
  producer: APIRequestContext,
  colours: [number, number, number][],
  name: string,
  size?: number,
): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, rgb] of colours.entries()) {
    const up = await producer.post('/api/v1/images', {
      multipart: { file: { name: `${name}-${i + 1}.png`, mimeType: 'image/png', buffer: png(rgb, size) } },
    });
    expect(up.status(), await up.text()).toBe(201);
    ids.push(((await up.json()) as { data: { image: { id: number } } }).data.image.id);
  }
  return ids;
}

/** A leaf of the category tree (a product is filed under a leaf). */
export async function leafCategoryId(anon: APIRequestContext): Promise<number> {
  const categories = (await (await anon.get('/api/v1/categories')).json()) as {
    data: { categories: { id: number; is_leaf: boolean }[] };
  };
  return categories.data.categories.find((c) => c.is_leaf)!.id;
}

/** A product created by the producer, sent for review and approved by the administrator; its id. */
export async function approvedProduct(
  producer: APIRequestContext,
  admin: APIRequestContext,
  data: Record<string, unknown>,
): Promise<number> {
  const created = await producer.post('/api/v1/products', { data });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { data: { product: { id: number } } }).data.product.id;
  const submitted = await producer.post(`/api/v1/products/${id}/register`);
  expect(submitted.status(), await submitted.text()).toBe(200);
  const ok = await admin.post(`/api/v1/admin/products/${id}/approve`);
  expect(ok.status(), await ok.text()).toBe(200);
  return id;
}
