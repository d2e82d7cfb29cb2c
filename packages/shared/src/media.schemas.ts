import { z } from 'zod';

/**
 * Media: the images people upload. Every upload is recognised by its content (never the
 * declared type), decoded within a pixel budget, re-encoded by the server (metadata stripped,
 * fitted inside its purpose's box) and stored as those bytes only; it is served by id under a
 * name the server chooses (`GET /api/v1/media/{id}`).
 */

/** What an image is for; decides the box it is fitted into. */
export const MEDIA_PURPOSES = [
  'account_logo',
  'content_image',
  'support_attachment',
  'evidence_preview',
] as const;
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];

/** Image types accepted as uploads, recognised by content. SVG is never accepted. */
export const MEDIA_INPUT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type MediaInputType = (typeof MEDIA_INPUT_TYPES)[number];

/** What the server produces from every upload: WebP (keeps transparency, small). */
export const MEDIA_OUTPUT_TYPE = 'image/webp';

/**
 * Content types a stored image may have: WebP, and PNG or JPEG only for logos uploaded before
 * re-encoding existed (carried over as they were by migration 0004).
 */
export const MEDIA_STORED_TYPES = ['image/webp', 'image/png', 'image/jpeg'] as const;
export type MediaStoredType = (typeof MEDIA_STORED_TYPES)[number];

export const MEDIA_LIMITS = {
  /** Largest upload in bytes (413 above); the API's request body limit is the same 1 MB. */
  maxBytes: 1024 * 1024,
  /** Width × height refused before decoding (a small file may declare a huge image). */
  maxInputPixels: 40_000_000,
  /** Longest side of any stored image (a purpose may fit it into a smaller box). */
  maxSide: 2048,
} as const;

/**
 * Per purpose: the box the stored image is fitted inside (never enlarged, aspect kept), and
 * whether an account has at most one image of it (a new one replaces the old).
 */
export const MEDIA_PURPOSE_RULES: Record<
  MediaPurpose,
  { maxWidth: number; maxHeight: number; onePerAccount: boolean }
> = {
  account_logo: { maxWidth: 512, maxHeight: 512, onePerAccount: true },
  content_image: { maxWidth: 2048, maxHeight: 2048, onePerAccount: false },
  /** A screenshot on a support ticket: read only through the ticket (docs/support.md). */
  support_attachment: { maxWidth: 2048, maxHeight: 2048, onePerAccount: false },
  /** An image evidence file as shown: read only through its evidence file (docs/evidence.md). */
  evidence_preview: { maxWidth: 2048, maxHeight: 2048, onePerAccount: false },
};

/** Same-origin URL of a stored image. Ids are never reused, so the URL is cacheable forever. */
export const mediaUrl = (id: string) => `/api/v1/media/${encodeURIComponent(id)}`;

/** A stored image as the API describes it (without its bytes). */
export const MediaSchema = z.object({
  id: z.string(),
  purpose: z.enum(MEDIA_PURPOSES),
  /** Its URL (`GET /api/v1/media/{id}`). */
  url: z.string(),
  contentType: z.enum(MEDIA_STORED_TYPES),
  /** Null only for logos carried over from before re-encoding. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  bytes: z.number().int(),
  createdAt: z.string(),
});
export type Media = z.infer<typeof MediaSchema>;

/** Error codes of this domain (besides the common ones). */
export const MEDIA_ERROR_CODES = {
  /** 413: more than MEDIA_LIMITS.maxBytes. */
  tooLarge: 'media.too_large',
  /** 400: empty, not PNG/JPEG/WebP by content, or not decodable (truncated, corrupt). */
  notAnImage: 'media.not_an_image',
  /** 400: declares more than MEDIA_LIMITS.maxInputPixels. */
  tooManyPixels: 'media.too_many_pixels',
} as const;
