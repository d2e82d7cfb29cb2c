import { describe, expect, it } from 'vitest';
import { CONTENT_IMAGE_LIMITS, formatBytes, imageMarkdown } from './content-image.ts';

describe('content images', () => {
  it('are uploaded within 2048 px and 1 MB', () => {
    expect(CONTENT_IMAGE_LIMITS).toEqual({ maxSide: 2048, maxBytes: 1024 * 1024 });
  });

  it('writes the markdown of an image, alt text without brackets', () => {
    expect(imageMarkdown('/api/v1/media/m1', 'A [nice]\nchart')).toBe(
      '![A nice chart](/api/v1/media/m1)',
    );
    expect(imageMarkdown('/api/v1/media/m1')).toBe('![](/api/v1/media/m1)');
  });

  it('tells a file size for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(190_844)).toBe('186 KB');
    expect(formatBytes(1_300_000)).toBe('1.2 MB');
  });
});
