import { z } from 'zod';

export const upload = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbnail_url: z.string().nullable(),
  content_type: z.string(),
  byte_size: z.number().int(),
  filename: z.string(),
});
export type Upload = z.infer<typeof upload>;
