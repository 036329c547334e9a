import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { isGs1AiValue, toGtin14, type PlatformKey } from '@agrihub/contract';
import type { Config } from '../config/env.js';

/**
 * The origin public links (QR codes, trace pages) point to: the request's own host when it is a
 * host of the request's platform (`foodmap.localhost:3000`, `foodmap.<PUBLIC_URL host>`, or a
 * PLATFORM_HOSTS entry), else PUBLIC_URL. Any other Host header is ignored, so a forged Host
 * cannot put another site into a printed QR code.
 */
export function publicBaseUrl(req: FastifyRequest, config: Config, platform: PlatformKey = req.platform): string {
  const host = (req.host ?? '').toLowerCase();
  const hostname = host.replace(/:\d+$/, '');
  const pub = new URL(config.publicUrl);
  const ours =
    config.PLATFORM_HOSTS[hostname] === platform ||
    hostname === `${platform}.localhost` ||
    hostname === `${platform}.${pub.hostname}`;
  if (!ours || !/^[a-z0-9.-]+(:\d+)?$/.test(host)) return config.publicUrl;
  // A *.localhost host is this machine: its own scheme (https behind a trusted TLS proxy), else the public one's.
  const protocol = hostname.endsWith('.localhost') ? `${req.protocol}:` : pub.protocol;
  return `${protocol}//${host}`;
}

/** A product's public URL: GS1 Digital Link `/01/{gtin14}` with a GTIN, else `/trace/p/{public_code}`. */
export function productPublicUrl(base: string, p: { gtin: string | null; publicCode: string }): string {
  return p.gtin ? `${base}/01/${toGtin14(p.gtin)}` : `${base}/trace/p/${encodeURIComponent(p.publicCode)}`;
}

/**
 * A batch's public URL: GS1 Digital Link `/01/{gtin14}/10/{lot}` with a GTIN and a lot that fits
 * AI 10 (at most 20 characters; ADR 037), else `/trace/{public_code}`.
 */
export function batchPublicUrl(base: string, b: { gtin: string | null; lotCode: string; publicCode: string }): string {
  return b.gtin && isGs1AiValue(b.lotCode, 20)
    ? `${base}/01/${toGtin14(b.gtin)}/10/${encodeURIComponent(b.lotCode)}`
    : `${base}/trace/${encodeURIComponent(b.publicCode)}`;
}

/** A QR code PNG for `url` (error correction M, 512 px, quiet zone 2 modules). */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', width: 512, margin: 2 });
}
