/**
 * What the customers' and the service console's support routes share (docs/support.md): each
 * side's guard and ticket path, the responses every route of theirs has, and the route pair
 * both sides declare alike — one ticket with its thread, and an image attached to it. The
 * routes themselves are in customer.routes.ts and staff.routes.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  MEDIA_STORED_TYPES,
  SupportAttachmentParamsSchema,
  SupportTicketDetailSchema,
  SupportTicketParamsSchema,
} from '@tenantry/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../auth/context.ts';
import { requireAccount, requireSystemRole } from '../../auth/guards.ts';
import { errorResponse, errorResponses, json } from '../../lib/openapi.ts';
import { mediaHeaders, type StoredImage } from '../media/media.service.ts';

export type Side = 'customer' | 'staff';

/** Each side's guard and the path of its tickets. */
export const SIDES = {
  customer: { middleware: requireAccount('account.read'), tickets: '/support/tickets' },
  staff: { middleware: requireSystemRole(['admin']), tickets: '/service/support/tickets' },
} as const;

export const TAGS = ['support'];
export const noStore = { 'cache-control': 'no-store' };
export const reads = {
  400: errorResponses[400],
  401: errorResponses[401],
  403: errorResponses[403],
};
export const ticketNotFound = errorResponse(
  'No such ticket that you may see (`support.not_found`): another account’s, or for a member one they did not open',
);

const binary = z.string().openapi({ type: 'string', format: 'binary' });
const image = {
  description: 'The image',
  content: Object.fromEntries(MEDIA_STORED_TYPES.map((type) => [type, { schema: binary }])),
};

/** The route pair both sides declare alike, for `side`. */
export function ticketRoutePair(side: Side) {
  const { middleware, tickets } = SIDES[side];
  const staff = side === 'staff';
  return {
    get: createRoute({
      middleware,
      method: 'get',
      path: `${tickets}/{id}`,
      tags: TAGS,
      summary: staff
        ? 'Any ticket with its whole thread, internal notes included (system admins)'
        : 'One ticket with its thread (never the staff’s internal notes)',
      request: { params: SupportTicketParamsSchema },
      responses: {
        200: json(SupportTicketDetailSchema, 'The ticket'),
        ...reads,
        404: ticketNotFound,
      },
    }),
    attachment: createRoute({
      middleware,
      method: 'get',
      path: `${tickets}/{id}/attachments/{mediaId}`,
      tags: TAGS,
      summary: staff
        ? 'An image attached to a ticket (system admins)'
        : 'An image attached to a reply of your ticket',
      request: { params: SupportAttachmentParamsSchema },
      responses: {
        200: image,
        ...reads,
        404: errorResponse(
          'No such ticket or attachment (`support.not_found`, `support.attachment_not_found`)',
        ),
      },
    }),
  };
}

/** An attachment's bytes as the response (immutable: a stored image never changes). */
export const attachmentResponse = (c: Context<AppEnv>, img: StoredImage) =>
  c.body(new Uint8Array(img.data), 200, mediaHeaders(img, 'immutable')) as never;
