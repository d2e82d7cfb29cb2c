import { createRoute } from '@hono/zod-openapi';
import {
  CALENDAR_ERROR_CODES,
  CALENDAR_FEED_LIMITS,
  CalendarFeedSchema,
  CreatedCalendarFeedSchema,
} from '@tenantry/shared';
import { createRouter } from '../../auth/context.ts';
import { getAccount, limitFailuresByAddress, requireAccount } from '../../auth/guards.ts';
import { AppError, errorBody } from '../../lib/errors.ts';
import { errorResponse, errorResponses, json } from '../../lib/openapi.ts';
import {
  createCalendarFeed,
  feedCalendar,
  feedNotFound,
  getCalendarFeed,
  liveFeed,
  markFetched,
  revokeCalendarFeed,
} from './calendar.service.ts';

/**
 * Calendar feeds (docs/calendar.md). The person's own feed in the account of the request is
 * managed with a session (any member; never an API key: a feed is a person's); the feed itself
 * is read with its secret address alone.
 */
const TAGS = ['calendar'];
const member = requireAccount('tenants.read');

const getRoute = createRoute({
  middleware: member,
  method: 'get',
  path: '/calendar-feed',
  tags: TAGS,
  summary: 'Whether you have a calendar feed in this account (never its address)',
  responses: {
    200: json(CalendarFeedSchema, 'Your feed, or null'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const createFeedRoute = createRoute({
  middleware: member,
  method: 'post',
  path: '/calendar-feed',
  tags: TAGS,
  summary: 'Make your secret calendar address (replacing the one you had): shown this once',
  description:
    'The address lists the due dates of the open assessments you can reach in this account and of the remediation tasks assigned to you, as iCalendar. Making another stops the earlier one at once.',
  responses: {
    201: json(CreatedCalendarFeedSchema, 'The address'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const revokeRoute = createRoute({
  middleware: member,
  method: 'delete',
  path: '/calendar-feed',
  tags: TAGS,
  summary: 'Revoke your calendar address in this account: it answers 404 from now on',
  responses: {
    204: { description: 'Revoked (or there was none)' },
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const feedRoute = createRoute({
  middleware: limitFailuresByAddress(
    'calendar.feed',
    { windowSeconds: 300, max: 30 },
    (err) => err instanceof AppError && err.code === CALENDAR_ERROR_CODES.feedNotFound,
  ),
  method: 'get',
  path: '/calendar/{token}.ics',
  tags: TAGS,
  summary: 'A calendar feed (iCalendar, RFC 5545): due dates, as its person can reach them now',
  description: `No session: the secret in the address is the authority. All-day events for the due dates of open assessments (from ${CALENDAR_FEED_LIMITS.pastDays} days ago on) on the active client tenants its person reaches, and of the open remediation tasks assigned to them. At most ${CALENDAR_FEED_LIMITS.requestsPerWindow} requests per address in ${CALENDAR_FEED_LIMITS.windowSeconds} s; unknown addresses are counted per client address.`,
  // The path parameter is read by the handler: Hono names it with the `.ics` it ends with.
  parameters: [
    {
      name: 'token',
      in: 'path',
      required: true,
      schema: { type: 'string' },
      description: 'The secret of the address',
    },
  ],
  responses: {
    200: {
      description: 'The feed',
      content: { 'text/calendar': { schema: { type: 'string' } } },
    },
    404: errorResponse(
      'No live feed at this address (`calendar.feed_not_found`): revoked, replaced, or its person is no longer a member',
    ),
    429: errorResponses[429],
  },
});

export const calendarRoutes = createRouter()
  .openapi(getRoute, async (c) =>
    c.json(await getCalendarFeed(c.var.deps.db, getAccount(c)), 200, {
      'cache-control': 'no-store',
    }),
  )
  .openapi(createFeedRoute, async (c) => {
    const created = await createCalendarFeed(
      c.var.deps.db,
      getAccount(c),
      c.var.deps.config.publicUrl,
    );
    return c.json(created, 201, { 'cache-control': 'no-store' });
  })
  .openapi(revokeRoute, async (c) => {
    await revokeCalendarFeed(c.var.deps.db, getAccount(c));
    return c.body(null, 204);
  })
  .openapi(feedRoute, async (c) => {
    const { db, config, rateLimiter } = c.var.deps;
    // The last path segment as sent: a secret is URL-safe base64, so nothing needs decoding.
    const feed = await liveFeed(db, c.req.path.slice(c.req.path.lastIndexOf('/') + 1));
    if (!feed) throw feedNotFound();
    if (config.authRateLimit) {
      const wait = await rateLimiter.hit(`calendar.feed:${feed.id}`, {
        windowSeconds: CALENDAR_FEED_LIMITS.windowSeconds,
        max: CALENDAR_FEED_LIMITS.requestsPerWindow,
      });
      if (wait > 0) {
        const message = `This calendar feed was fetched too often. Wait ${wait} s and try again.`;
        c.header('retry-after', String(wait));
        return c.json(errorBody('common.rate_limited', message, c.get('requestId')), 429);
      }
    }
    const [body] = await Promise.all([
      feedCalendar(db, feed, config.publicUrl),
      markFetched(db, feed),
    ]);
    return c.body(body, 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'inline; filename="tenantry.ics"',
      'cache-control': 'private, no-store',
      'referrer-policy': 'no-referrer',
    });
  });
